import fc from 'fast-check';
import { describe } from 'vitest';
import { creditDebitArbitrary } from '../../generators/semantic/credit-debit.ts';
import { compareDecimalText, rangeFilterPairArbitrary } from '../../generators/semantic/range-filter-pair.ts';
import { TRANSACTION_RESULTS } from '../../generators/semantic/transaction-result.ts';
import { transactionTypeArbitrary } from '../../generators/semantic/transaction-type.ts';
import { modifiesBalance } from '../../src/checks/accounts-involved.ts';
import { expectFilterAgreesWithSlice } from '../../src/checks/filter-agrees-with-slice.ts';
import { requireFilterName } from '../../src/checks/filter-name-accepted.ts';
import { parseOperatorFilter, satisfiesOperator } from '../../generators/semantic/operator-filter.ts';
import { expectLimitTakesFirst } from '../../src/checks/limit-takes-first.ts';
import type { Report } from '../../src/checks/report.ts';
import { expectPageSize } from '../../src/checks/page-size.ts';
import { expectMatchesResponseSchema } from '../../src/checks/response-schema.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { responseSchemaRules } from '../../src/checks/schema-rules.ts';
import { expectSortedBy } from '../../src/checks/sorted-by.ts';
import { isSuccessfulResult } from '../../src/checks/successful-result.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { responseJson } from '../../src/http/exchange.ts';
import { exactResponseJson, type ExactJson } from '../../src/json/exact-json.ts';
import { TRANSACTION_LIST, type Transaction } from '../../src/walkers/ledger-lists.ts';
import { listPage, queryText } from '../../src/walkers/list-page.ts';
import { ascendingSlice, type ListSlice } from '../../src/walkers/list-slice.ts';
import { walkPages } from '../../src/walkers/walk-pages.ts';

const schemaRules = await responseSchemaRules('listTransactions', 200);
/** A transaction read with exact integers: amounts beyond 2^53 are bigints. */
type ExactTransaction = { transaction_id?: ExactJson; consensus_timestamp?: ExactJson; result?: ExactJson; charged_tx_fee?: ExactJson; transfers?: Array<{ account?: ExactJson; amount?: ExactJson }> };
const timestamps = (items: Transaction[]) => items.map((tx) => tx.consensus_timestamp);

/** The oldest transactions (two pages of 100): the part of the list that stays put on a live target. */
async function oldestTransactions(t: Check): Promise<ListSlice<Transaction>> {
  const slice = await ascendingSlice(t, TRANSACTION_LIST, 2);
  if (slice.items.length === 0) t.skip('the target lists no transactions');
  return slice;
}

/** A filtered page in ascending order, compared with the oldest transactions. */
async function expectFilterOnOldest(t: Check, report: Report, slice: ListSlice<Transaction>, filter: Array<[string, string]>, matches: (tx: Transaction) => boolean, rules: { only: string; every: string }, clauses?: { only: string; every: string }): Promise<void> {
  const limit = 100;
  const page = await listPage(t, TRANSACTION_LIST, [...filter, ['order', 'asc'], ['limit', String(limit)]], rules.only);
  expectFilterAgreesWithSlice(report, { page: page.items, exchange: page.exchange, slice: slice.items, sliceIsWhole: slice.whole, limit, matches, key: TRANSACTION_LIST.sortKey.key, rules, ...(clauses ? { clauses } : {}), filter: queryText(filter) });
}

/** The clauses of the value filters' rules (result, type): only matching rows, and all of them. */
const FILTER_CLAUSES = { only: 'returns-only', every: 'returns-all' };

describe.concurrent('GET /api/v1/transactions', () => {
  ruleTest('every transaction on the first pages matches the Transaction schema (fields, type names, transfers, IDs, base64)', schemaRules, async (t) => {
    const newest = await walkPages<Transaction>(t, TRANSACTION_LIST.path, { listKey: 'transactions', query: [['limit', '100']], pageCap: 3, rule: TRANSACTION_LIST.envelope });
    const oldest = await walkPages<Transaction>(t, TRANSACTION_LIST.path, { listKey: 'transactions', query: [['order', 'asc'], ['limit', '100']], pageCap: 1, rule: TRANSACTION_LIST.envelope });
    for (const page of [...newest.pages, ...oldest.pages]) await expectMatchesResponseSchema(t, page.exchange, 'ledger-query', 'listTransactions', TRANSACTION_LIST.envelope);
    if (newest.items.length === 0) t.skip('the target lists no transactions, so no Transaction object could be checked');
    t.note(`checked ${newest.items.length + oldest.items.length} transactions on ${newest.pages.length + oldest.pages.length} pages`);
  });

  ruleTest('the crypto transfers of a successful transaction sum to zero exactly (int64 amounts), a charged fee shows as a debit', ['LQ-2.3-transfers-sum-to-zero', 'LQ-2.3-debit-negative', TRANSACTION_LIST.envelope], async (t) => {
    const { exchanges } = await oldestTransactions(t);
    // Amounts reach ±2^63: each page is read again with its integers exact, never summed as doubles.
    const pages = exchanges.map((exchange) => ({ exchange, items: ((exactResponseJson(exchange) as { transactions?: ExactTransaction[] } | undefined)?.transactions ?? []) }));
    const checked = pages.flatMap(({ exchange, items }) => items.filter((tx) => isSuccessfulResult(String(tx.result)) && Array.isArray(tx.transfers) && tx.transfers.length > 0).map((tx) => ({ tx, exchange })));
    if (checked.length === 0) t.skip('no successful transaction with crypto transfers among the oldest transactions');
    for (const { tx, exchange } of checked) {
      const amounts = tx.transfers!.map((x) => x.amount).filter((a): a is number | bigint => typeof a === 'bigint' || Number.isInteger(a));
      const sum = amounts.reduce<bigint>((s, a) => s + BigInt(a), 0n);
      const shown = tx.transfers!.map((x) => `${x.account} ${x.amount}`).join(', ');
      if (Number(tx.charged_tx_fee) > 0) {
        const debited = amounts.some((a) => a < 0);
        t.soft('LQ-2.3-debit-negative', debited, `${tx.transaction_id} at ${tx.consensus_timestamp} charged a fee of ${tx.charged_tx_fee} but no transfer is a debit (negative): ${shown}`, exchange);
        // Without a debit the sum cannot be zero: that is the sign's finding, not a second one.
        if (!debited) continue;
      }
      t.soft('LQ-2.3-transfers-sum-to-zero', sum === 0n, `${tx.transaction_id} at ${tx.consensus_timestamp}: crypto transfers sum to ${sum}, not 0 (${shown})`, exchange);
    }
    const big = checked.filter(({ tx }) => tx.transfers!.some((x) => typeof x.amount === 'bigint')).length;
    t.note(`${checked.length} successful transactions summed, ${big} of them with amounts beyond 2^53`);
  });

  ruleTest('without limit and order a page holds at most 25 transactions, newest first', ['LQ-4.2-defaults', TRANSACTION_LIST.envelope], async (t) => {
    const page = await listPage(t, TRANSACTION_LIST, [], 'LQ-4.2-defaults');
    expectPageSize(t, 'LQ-4.2-defaults', page.items.length, 25, page.exchange);
    const next = (responseJson(page.exchange) as { links?: { next?: unknown } }).links?.next;
    t.soft('LQ-4.2-defaults', typeof next !== 'string' || page.items.length === 25, `a page with a next link holds ${page.items.length} transactions, not the default 25`, page.exchange);
    expectSortedBy(t, 'LQ-4.2-defaults', page.items, 'desc', TRANSACTION_LIST.sortKey, page.exchange);
    if (page.items.length === 0) t.skip('the target lists no transactions: no page size or order to observe');
  });

  ruleTest('limit=N (1..100) returns the first N transactions', ['LQ-4.2-limit-range', TRANSACTION_LIST.envelope], async (t) => {
    await expectLimitTakesFirst(t, TRANSACTION_LIST, 'LQ-4.2-limit-range');
  });

  ruleTest('order=desc lists a slice of transactions in the reverse of order=asc', ['LQ-4.2-order-enum', TRANSACTION_LIST.envelope], async (t) => {
    const { items } = await oldestTransactions(t);
    const bound = items[Math.min(items.length, 60) - 1]!.consensus_timestamp;
    const asc = await listPage(t, TRANSACTION_LIST, [['timestamp', `lte:${bound}`], ['order', 'asc'], ['limit', '100']], 'LQ-4.2-order-enum');
    const desc = await listPage(t, TRANSACTION_LIST, [['timestamp', `lte:${bound}`], ['order', 'desc'], ['limit', '100']], 'LQ-4.2-order-enum');
    expectRule('LQ-4.2-order-enum', asc.items.length > 0, `timestamp=lte:${bound} returned no transactions`, asc.exchange);
    t.soft('LQ-4.2-order-enum', timestamps(desc.items).join() === timestamps(asc.items).reverse().join(),
      `order=desc gives ${timestamps(desc.items).slice(0, 3).join(', ')}..., not the reverse of order=asc (${timestamps(asc.items).slice(-3).reverse().join(', ')}...)`, desc.exchange, asc.items.length >= 2 ? 'sorts' : undefined);
  });

  ruleTest('transactions are sorted by consensus_timestamp, compared as decimal seconds.nanos', ['LQ-4.2-sort-key-timestamp', TRANSACTION_LIST.envelope], async (t) => {
    const asc = await listPage(t, TRANSACTION_LIST, [['order', 'asc'], ['limit', '100']]);
    const desc = await listPage(t, TRANSACTION_LIST, [['order', 'desc'], ['limit', '100']]);
    if (asc.items.length < 2) t.skip(`the target lists ${asc.items.length} transaction(s): no order to observe`);
    expectSortedBy(t, 'LQ-4.2-sort-key-timestamp', asc.items, 'asc', TRANSACTION_LIST.sortKey, asc.exchange);
    expectSortedBy(t, 'LQ-4.2-sort-key-timestamp', desc.items, 'desc', TRANSACTION_LIST.sortKey, desc.exchange);
  });

  ruleTest('result=success and result=fail return only, and all, successful or failed transactions', ['LQ-4.2-result-values', 'LQ-4.2-filter-names', TRANSACTION_LIST.envelope], async (t) => {
    await requireFilterName(t, 'result', 'success');
    const slice = await oldestTransactions(t);
    for (const value of TRANSACTION_RESULTS) {
      await expectFilterOnOldest(t, t.soft, slice, [['result', value]], (tx) => isSuccessfulResult(tx.result) === (value === 'success'),
        { only: 'LQ-4.2-result-values', every: 'LQ-4.2-result-values' }, FILTER_CLAUSES);
    }
  });

  ruleTest('type=credit|debit with account.id returns only, and all, transactions crediting or debiting the account', ['LQ-4.2-credit-debit-values', 'LQ-4.2-filter-names', TRANSACTION_LIST.envelope], async (t) => {
    const slice = await oldestTransactions(t);
    // Token-only receivers come first: they tell a filter counting hbar transfers only from a correct one.
    const tokenOnly = [...new Set(slice.items.flatMap((tx) => (tx.token_transfers ?? [])
      .filter((x) => Number(x.amount) > 0 && !(tx.transfers ?? []).some((h) => h.account === x.account)).map((x) => String(x.account))))];
    const accounts = [...new Set(slice.items.flatMap((tx) => [...(tx.transfers ?? []), ...(tx.token_transfers ?? [])].map((x) => String(x.account))))];
    if (accounts.length === 0) t.skip('no hbar or token transfer among the oldest transactions');
    t.note(`${tokenOnly.length} account(s) only receive a token in some transaction of the oldest ${slice.items.length}`);
    await requireFilterName(t, 'type', 'credit', [['account.id', accounts[0]!]]);
    const account = tokenOnly.length ? fc.oneof(fc.constantFrom(...tokenOnly), fc.constantFrom(...accounts)) : fc.constantFrom(...accounts);
    await checkProperty(t, fc.tuple(account, creditDebitArbitrary()), async ([account, value]) => {
      await expectFilterOnOldest(t, expectRule, slice, [['account.id', account], ['type', value]], (tx) => modifiesBalance(tx, account, value),
        { only: 'LQ-4.2-credit-debit-values', every: 'LQ-4.2-credit-debit-values' }, FILTER_CLAUSES);
    });
  });

  ruleTest('transactiontype=T returns only, and all, transactions of type T', ['LQ-4.2-transaction-type-values', 'LQ-4.2-filter-names', TRANSACTION_LIST.envelope], async (t) => {
    await requireFilterName(t, 'transactiontype', 'CRYPTOTRANSFER');
    const slice = await oldestTransactions(t);
    const seen = [...new Set(slice.items.map((tx) => tx.name))].filter((name) => typeof name === 'string');
    const types = seen.length ? fc.oneof(fc.constantFrom(...seen), transactionTypeArbitrary()) : transactionTypeArbitrary();
    await checkProperty(t, types, async (type) => {
      await expectFilterOnOldest(t, expectRule, slice, [['transactiontype', type]], (tx) => tx.name === type,
        { only: 'LQ-4.2-transaction-type-values', every: 'LQ-4.2-transaction-type-values' }, FILTER_CLAUSES);
    });
  });

  ruleTest('two timestamp filters form a range: every row meets both, and none is left out', ['LQ-4.2-timestamp-range', TRANSACTION_LIST.envelope], async (t) => {
    const slice = await oldestTransactions(t);
    await checkProperty(t, rangeFilterPairArbitrary(fc.constantFrom(...timestamps(slice.items))), async ([low, high]) => {
      const bounds = [parseOperatorFilter(low), parseOperatorFilter(high)];
      await expectFilterOnOldest(t, expectRule, slice, [['timestamp', low], ['timestamp', high]],
        (tx) => bounds.every((b) => satisfiesOperator(b.op, compareDecimalText(tx.consensus_timestamp, b.value))),
        { only: 'LQ-4.2-timestamp-range', every: 'LQ-4.2-timestamp-range' });
    });
  });
});
