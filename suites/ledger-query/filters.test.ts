import fc from 'fast-check';
import { describe } from 'vitest';
import { accountIdTextArbitrary, accountNumberArbitrary, entityIdArbitrary } from '../../generators/semantic/entity-id.ts';
import { FILTER_OPERATORS, operatorFilterArbitrary, parseOperatorFilter, satisfiesOperator } from '../../generators/semantic/operator-filter.ts';
import { compareDecimalText } from '../../generators/semantic/range-filter-pair.ts';
import { timestampArbitrary } from '../../generators/semantic/timestamp.ts';
import { payerOf } from '../../src/checks/accounts-involved.ts';
import { compareEntityIds } from '../../src/checks/entity-id-order.ts';
import { expectAcceptedQuery } from '../../src/checks/accepted-query.ts';
import { expectFilterAgreesWithSlice } from '../../src/checks/filter-agrees-with-slice.ts';
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

/** One operator filter: its parameter, the row value it compares and how, the values to try, its rules. */
interface OperatorFilterCase<T> {
  name: string;
  valueOf: (item: T) => string;
  compare: (a: string, b: string) => number;
  found: string[];
  generated: fc.Arbitrary<string>;
  /** The rule of the parameter's accepted values: a refusal of a valid one is reported there. */
  patternRule: string;
  rules: { only: string; every: string };
}

/**
 * `name=[op:]value` against the ascending slice: the first filtered page holds the slice's rows
 * whose value compares with the filter's as the operator says, and only such rows. Every operator
 * is judged once on the value of a row inside the first page's reach (where ne and eq show), then
 * on generated filters.
 */
async function expectOperatorFilter<T>(t: Check, list: LedgerList<T>, slice: ListSlice<T>, c: OperatorFilterCase<T>): Promise<void> {
  const judge = async (filter: string): Promise<void> => {
    const { op, value } = parseOperatorFilter(filter);
    // A valid filter the target refuses breaks the parameter's pattern rule, and a 5xx the
    // no-server-error rule: neither shows how the filter selects, so only an accepted one is judged.
    const query: Array<[string, string]> = [[c.name, filter], ...ASCENDING_PAGE];
    const exchange = await t.get(list.path, query);
    if (!expectAcceptedQuery(expectRule, exchange, query, () => c.patternRule, c.patternRule)) return;
    const page = await listPage(t, list, query, c.rules.only, exchange);
    expectFilterAgreesWithSlice(expectRule, {
      page: page.items, exchange: page.exchange, slice: slice.items, sliceIsWhole: slice.whole, limit: LIMIT,
      matches: (item) => satisfiesOperator(op, c.compare(c.valueOf(item), value)), key: list.sortKey.key,
      rules: c.rules, filter: `${c.name}=${filter}`,
    });
  };
  const inReach = c.valueOf(slice.items[Math.min(Math.floor(LIMIT / 2), slice.items.length - 1)]!);
  for (const op of FILTER_OPERATORS) await judge(`${op}:${inReach}`);
  await checkProperty(t, operatorFilterArbitrary(foundOrGenerated(c.found, c.generated)), judge);
}

describe.concurrent('GET /api/v1/schedules', () => {
  ruleTest('schedule.id=[op:]ID returns only, and all, the schedules that satisfy the comparison', ['LQ-4-operator-semantics', 'LQ-4-operator-complete', 'LQ-4.1-schedule-id-pattern', 'LQ-4.1-schedules-envelope'], async (t) => {
    const schedules = await slice(t, SCHEDULE_LIST, 3);
    const ids = schedules.items.map((s) => s.schedule_id);
    await expectOperatorFilter(t, SCHEDULE_LIST, schedules, {
      name: 'schedule.id', valueOf: (s) => s.schedule_id, compare: compareEntityIds, found: [...ids, ...bareNumbers(ids)], generated: entityIdArbitrary(), patternRule: 'LQ-4.1-schedule-id-pattern',
      rules: { only: 'LQ-4-operator-semantics', every: 'LQ-4-operator-complete' },
    });
  });

  ruleTest('account.id=[op:]ID filters schedules by their creator', ['LQ-4.1-account-filter-creator', 'LQ-4.1-account-id-pattern', 'LQ-4.1-schedules-envelope'], async (t) => {
    const schedules = await slice(t, SCHEDULE_LIST, 3);
    const creators = [...new Set(schedules.items.map((s) => s.creator_account_id))];
    await expectOperatorFilter(t, SCHEDULE_LIST, schedules, {
      name: 'account.id', valueOf: (s) => s.creator_account_id, compare: compareEntityIds, found: [...creators, ...bareNumbers(creators)], generated: accountIdTextArbitrary(), patternRule: 'LQ-4.1-account-id-pattern',
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
      name: 'timestamp', valueOf: (tx) => tx.consensus_timestamp, compare: compareDecimalText, found: [...stamps, ...seconds], generated: timestampArbitrary(), patternRule: 'LQ-4.2-timestamp-pattern',
      rules: { only: 'LQ-4-operator-semantics', every: 'LQ-4-operator-complete' },
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
