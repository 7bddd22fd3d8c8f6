import fc from 'fast-check';
import { describe } from 'vitest';
import { accountIdTextArbitrary, accountNumberArbitrary, entityIdArbitrary } from '../../generators/semantic/entity-id.ts';
import { FILTER_OPERATORS, operatorFilterArbitrary, parseOperatorFilter } from '../../generators/semantic/operator-filter.ts';
import { compareDecimalText } from '../../generators/semantic/range-filter-pair.ts';
import { timestampArbitrary } from '../../generators/semantic/timestamp.ts';
import { accountsInvolved, payerOf } from '../../src/checks/accounts-involved.ts';
import { compareEntityIds } from '../../src/checks/entity-id-order.ts';
import { expectAcceptedQuery } from '../../src/checks/accepted-query.ts';
import { expectFilterAgreesWithSlice } from '../../src/checks/filter-agrees-with-slice.ts';
import { expectOperatorRelation, formText, type FilterForm, type FormAnswer } from '../../src/checks/operator-relations.ts';
import { chooseOperatorValues, rowSatisfies, type RowValues } from '../../src/checks/operator-values.ts';
import type { Report } from '../../src/checks/report.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { SCHEDULE_LIST, TRANSACTION_LIST, type LedgerList } from '../../src/walkers/ledger-lists.ts';
import { listPage } from '../../src/walkers/list-page.ts';
import { ascendingSlice, type ListSlice } from '../../src/walkers/list-slice.ts';

/** Filtered pages are compared at this size: small enough to stay inside the unfiltered slice often. */
const LIMIT = 25;
const ASCENDING_PAGE: Array<[string, string]> = [['order', 'asc'], ['limit', String(LIMIT)]];

async function slice<T>(t: Check, list: LedgerList<T>, pages: number): Promise<ListSlice<T>> {
  const found = await ascendingSlice(t, list, pages);
  if (found.items.length === 0) t.skip(`the target's ${list.path} is empty: nothing to filter`);
  return found;
}

/** Where both forms exist: `0.0.N` IDs of a slice, as their bare number. */
function bareNumbers(ids: string[]): string[] {
  return ids.filter((id) => id.startsWith('0.0.')).map((id) => id.slice(4));
}

/** Values found on the target, tried most often, mixed with generated ones (alone when nothing was found). */
function foundOrGenerated(found: string[], generated: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return found.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...found), weight: 3 }, { arbitrary: generated, weight: 1 }) : generated;
}

/** One operator filter of a list: its parameter, what it compares in a row and how, the values to try, its rules. */
interface OperatorFilterCase<T> extends RowValues<T> {
  name: string;
  found: string[];
  generated: fc.Arbitrary<string>;
  /** The rule of the parameter's accepted values: a refusal of a valid one is reported there. */
  patternRule: string;
  /** The rules of "only matching rows" and "every matching row" against the unfiltered list. */
  rules: { only: string; every: string };
}

/**
 * `name=[op:]value` against the ascending slice: the first filtered page holds the slice's rows
 * that satisfy the filter, and only such rows. A valid filter the target refuses breaks the
 * parameter's pattern rule, and a 5xx the no-server-error rule: neither shows how the filter
 * selects, so only an accepted one is judged (undefined otherwise).
 */
async function judgeFilter<T>(t: Check, list: LedgerList<T>, slice: ListSlice<T>, c: OperatorFilterCase<T>, form: FilterForm, value: string, report: Report): Promise<FormAnswer<T> | undefined> {
  const filter = formText(form, value);
  const query: Array<[string, string]> = [[c.name, filter], ...ASCENDING_PAGE];
  const exchange = await t.get(list.path, query);
  if (!expectAcceptedQuery(report, exchange, query, () => c.patternRule, c.patternRule)) return undefined;
  const page = await listPage(t, list, query, c.rules.only, exchange);
  expectFilterAgreesWithSlice(report, {
    page: page.items, exchange: page.exchange, slice: slice.items, sliceIsWhole: slice.whole, limit: LIMIT,
    matches: (item) => rowSatisfies(c, item, form, value), key: list.sortKey.key, rules: c.rules, filter: `${c.name}=${filter}`,
  });
  return page;
}

/**
 * Every operator and the bare value, every run, on values present in the first page's reach that
 * let each show: the answers on one value must agree as the operators' meanings say (section 4,
 * whatever the filter compares in a row), so an ignored operator lists rows it must not. An
 * operator no present value can show is not evaluated here, with the reason. Then generated
 * filters, mixed with the values found.
 */
async function expectOperatorFilter<T>(t: Check, list: LedgerList<T>, slice: ListSlice<T>, c: OperatorFilterCase<T>): Promise<void> {
  const where = `${c.name} on ${list.path}`;
  for (const chosen of chooseOperatorValues(slice.items.slice(0, LIMIT), c)) {
    if ('reason' in chosen) {
      t.notEvaluated('LQ-4-operator-semantics', `${where}: ${chosen.reason}`);
      continue;
    }
    const { relation, value } = chosen;
    const answers: Partial<Record<FilterForm, FormAnswer<T>>> = {};
    for (const form of [relation.whole, ...relation.parts]) answers[form] = await judgeFilter(t, list, slice, c, form, value, t.soft);
    expectOperatorRelation(t.soft, 'LQ-4-operator-semantics', { relation, filter: where, value, answers, limit: LIMIT, key: list.sortKey.key, compare: list.sortKey.compare });
  }
  await checkProperty(t, operatorFilterArbitrary(foundOrGenerated(c.found, c.generated)), async (text) => {
    const { op, value } = parseOperatorFilter(text);
    await judgeFilter(t, list, slice, c, text === value ? 'none' : op, value, expectRule);
  });
}

const KEY_FILTER_RULES = { only: 'LQ-4-operator-semantics', every: 'LQ-4-operator-complete' };

describe.concurrent('GET /api/v1/schedules', () => {
  ruleTest('schedule.id=[op:]ID returns only, and all, the schedules that satisfy the comparison', ['LQ-4-operator-semantics', 'LQ-4-operator-complete', 'LQ-4.1-schedule-id-pattern', 'LQ-4.1-schedules-envelope'], async (t) => {
    const schedules = await slice(t, SCHEDULE_LIST, 3);
    const ids = schedules.items.map((s) => s.schedule_id);
    await expectOperatorFilter(t, SCHEDULE_LIST, schedules, {
      name: 'schedule.id', valuesOf: (s) => [s.schedule_id], compare: compareEntityIds, found: [...ids, ...bareNumbers(ids)], generated: entityIdArbitrary(), patternRule: 'LQ-4.1-schedule-id-pattern',
      rules: KEY_FILTER_RULES,
    });
  });

  // Reference notes: account.id on the schedule list compares the schedule's creator.
  ruleTest('account.id=[op:]ID filters schedules by their creator, each operator as section 4 says', ['LQ-4-operator-semantics', 'LQ-4.1-account-filter-creator', 'LQ-4.1-account-id-pattern', 'LQ-4.1-schedules-envelope'], async (t) => {
    const schedules = await slice(t, SCHEDULE_LIST, 3);
    const creators = [...new Set(schedules.items.map((s) => s.creator_account_id))];
    await expectOperatorFilter(t, SCHEDULE_LIST, schedules, {
      name: 'account.id', valuesOf: (s) => [s.creator_account_id], compare: compareEntityIds, found: [...creators, ...bareNumbers(creators)], generated: accountIdTextArbitrary(), patternRule: 'LQ-4.1-account-id-pattern',
      rules: { only: 'LQ-4.1-account-filter-creator', every: 'LQ-4.1-account-filter-creator' },
    });
  });

  ruleTest('account.id=N and account.id=0.0.N list the same schedules', ['LQ-2.1-bare-account-number', 'LQ-4.1-schedules-envelope'], async (t) => {
    const schedules = await slice(t, SCHEDULE_LIST, 1);
    await expectBareNumberSameAnswer(t, SCHEDULE_LIST, bareNumbers(schedules.items.map((s) => s.creator_account_id)));
  });
});

describe.concurrent('GET /api/v1/transactions', () => {
  ruleTest('timestamp=[op:]T returns only, and all, the transactions that satisfy the comparison', ['LQ-4-operator-semantics', 'LQ-4-operator-complete', 'LQ-4.2-timestamp-pattern', 'LQ-4.2-transactions-envelope'], async (t) => {
    const transactions = await slice(t, TRANSACTION_LIST, 2);
    const stamps = transactions.items.map((tx) => tx.consensus_timestamp);
    const seconds = stamps.map((ts) => ts.split('.')[0]!);
    await expectOperatorFilter(t, TRANSACTION_LIST, transactions, {
      name: 'timestamp', valuesOf: (tx) => [tx.consensus_timestamp], compare: compareDecimalText, found: [...stamps, ...seconds], generated: timestampArbitrary(), patternRule: 'LQ-4.2-timestamp-pattern',
      rules: KEY_FILTER_RULES,
    });
  });

  // Reference notes: account.id on the transaction list matches the payer and any transfer's account.
  ruleTest('account.id=[op:]ID matches transactions by any account they involve, each operator as section 4 says', ['LQ-4-operator-semantics', 'LQ-4.2-account-filter-involvement', 'LQ-4.1-account-id-pattern', 'LQ-4.2-transactions-envelope'], async (t) => {
    const transactions = await slice(t, TRANSACTION_LIST, 2);
    const accounts = [...new Set(transactions.items.flatMap(accountsInvolved))];
    await expectOperatorFilter(t, TRANSACTION_LIST, transactions, {
      name: 'account.id', valuesOf: accountsInvolved, compare: compareEntityIds, found: [...accounts, ...bareNumbers(accounts)], generated: accountIdTextArbitrary(), patternRule: 'LQ-4.1-account-id-pattern',
      rules: { only: 'LQ-4.2-account-filter-involvement', every: 'LQ-4.2-account-filter-involvement' },
    });
  });

  ruleTest('account.id=N and account.id=0.0.N list the same transactions', ['LQ-2.1-bare-account-number', 'LQ-4.2-transactions-envelope'], async (t) => {
    const transactions = await slice(t, TRANSACTION_LIST, 1);
    const payers = [...new Set(transactions.items.flatMap((tx) => payerOf(tx) ?? []))];
    await expectBareNumberSameAnswer(t, TRANSACTION_LIST, bareNumbers(payers));
  });
});

/**
 * Contract 2.1: a bare account number and its `0.0.` form address the same account, with or
 * without an operator. Accounts found on the target come first; generated numbers add unknown ones.
 */
async function expectBareNumberSameAnswer<T>(t: Check, list: LedgerList<T>, numbers: string[]): Promise<void> {
  const withOperator = fc.tuple(fc.option(fc.constantFrom(...FILTER_OPERATORS), { nil: undefined }), foundOrGenerated(numbers, accountNumberArbitrary()));
  await checkProperty(t, withOperator, async ([op, number]) => {
    const prefix = op ? `${op}:` : '';
    const bare = await listPage(t, list, [['account.id', `${prefix}${number}`], ...ASCENDING_PAGE], 'LQ-2.1-bare-account-number');
    const full = await listPage(t, list, [['account.id', `${prefix}0.0.${number}`], ...ASCENDING_PAGE], 'LQ-2.1-bare-account-number');
    const a = bare.items.map(list.sortKey.key);
    const b = full.items.map(list.sortKey.key);
    expectRule('LQ-2.1-bare-account-number', a.join() === b.join(),
      `account.id=${prefix}${number} lists ${a.length} item(s) (${a.slice(0, 3).join(', ')}), account.id=${prefix}0.0.${number} lists ${b.length} (${b.slice(0, 3).join(', ')})`, bare.exchange);
  });
}
