import { describe } from 'vitest';
import { payerOf } from '../../src/checks/accounts-involved.ts';
import { expectLinkHeader } from '../../src/checks/link-header.ts';
import { expectNextLinkKeepsFilters } from '../../src/checks/next-link-keeps-filters.ts';
import { expectWalkVisitsEachOnce } from '../../src/checks/walk-visits-each-once.ts';
import { mapCases, partsAtOnce } from '../../src/harness/cases-at-once.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { SCHEDULE_LIST, TRANSACTION_LIST, type LedgerList, type Schedule, type Transaction } from '../../src/walkers/ledger-lists.ts';
import { satisfiesCursorFilters } from '../../src/walkers/cursor-filters.ts';
import { listPage, queryText } from '../../src/walkers/list-page.ts';
import { ascendingSlice } from '../../src/walkers/list-slice.ts';
import { walkPages, type Walk } from '../../src/walkers/walk-pages.ts';

const WALK_RULES = ['LQ-4-pagination-walk', 'LQ-4-pagination-ends'];
/** A walk of a filtered query also judges each page's rows against the filters. */
const FILTERED_WALK_RULES = [...WALK_RULES, 'LQ-4-operator-semantics'];

/** The same query answered in one page of 100: what a walk of it must visit. The query must select at most 100. */
async function unpaged<T>(t: Check, list: LedgerList<T>, query: Array<[string, string]>): Promise<string[]> {
  const { items } = await listPage(t, list, [...query, ['limit', '100']]);
  return items.map(list.sortKey.key);
}

/** Walks `query` at `limit` per page, stopping (as a failure) a few pages after the walk should have ended. */
async function walkAt<T>(t: Check, list: LedgerList<T>, query: Array<[string, string]>, limit: number, expectedCount: number): Promise<Walk<T>> {
  const order = (query.find(([k]) => k === 'order')?.[1] ?? list.defaultOrder) === 'asc' ? 'asc' : 'desc';
  return walkPages<T>(t, list.path, {
    listKey: list.listKey, query: [...query, ['limit', String(limit)]], pageCap: Math.ceil(expectedCount / limit) + 3, rule: list.envelope, capIsFailure: true,
    bounds: { cursor: list.cursor, order },
    rows: { rule: 'LQ-4-operator-semantics', matches: satisfiesCursorFilters(list, query), filter: queryText(query), key: list.sortKey.key },
  });
}

/**
 * Walks the query descending and ascending at a small page size and compares each walk with the
 * unpaged answer. Descending first: on the public service an ascending walk of ne:X with a bound
 * loops (deviation 5) and stops the test, and only the descending one meets deviation 12. Both
 * unpaged answers come before either walk, so a selection too small skips the test unwalked; the two
 * walks then go side by side (in that order where cases go one at a time), each a chain of pages.
 */
async function expectWalksVisitEachOnce<T>(t: Check, list: LedgerList<T>, filters: Array<[string, string]>, limit: number): Promise<void> {
  const orders = ['desc', 'asc'] as const;
  const queryOf = (order: string): Array<[string, string]> => [...filters, ['order', order]];
  const selections = await mapCases(t, orders, (order) => unpaged(t, list, queryOf(order)));
  for (const expected of selections) {
    if (expected.length < 2) t.skip(`${queryText(filters)} selects ${expected.length} item(s): not enough for a walk of several pages`);
  }
  await partsAtOnce(t, orders.map((order, i) => async () => {
    const expected = selections[i]!;
    // A short selection is still walked, at a page size that makes several pages of it.
    const size = expected.length > limit ? limit : Math.max(1, Math.floor(expected.length / 2));
    const walk = await walkAt(t, list, queryOf(order), size, expected.length);
    expectWalkVisitsEachOnce(t, walk, { limit: size, key: list.sortKey.key, expected });
    t.note(`order=${order}: ${expected.length} items in ${walk.pages.length} pages of ${size}`);
  }));
}

/** Every next link of a walk keeps the request's parameters and announces itself in a Link header. */
function expectLinksOfWalk<T>(t: Check, list: LedgerList<T>, walk: Walk<T>, request: Array<[string, string]>, order: 'asc' | 'desc'): void {
  const linked = walk.pages.filter((page) => page.next !== null && page.items.length > 0);
  if (linked.length === 0) t.skip('the walk had a single page: no next link to check');
  for (const page of linked) {
    expectNextLinkKeepsFilters(t, page.exchange, page.next!, request, { name: list.cursor, order, lastKey: list.sortKey.key(page.items.at(-1)!), compare: list.sortKey.compare });
    expectLinkHeader(t, page.exchange, page.next!);
  }
}

describe.concurrent('GET /api/v1/schedules', () => {
  ruleTest('walking links.next at 7 per page visits each schedule of a slice once, in order, both ways', [...FILTERED_WALK_RULES, SCHEDULE_LIST.envelope], async (t) => {
    const first = await ascendingSlice(t, SCHEDULE_LIST, 1);
    if (first.items.length === 0) t.skip('the target lists no schedules');
    const bound = first.items[Math.min(first.items.length, 60) - 1]!.schedule_id;
    await expectWalksVisitEachOnce(t, SCHEDULE_LIST, [['schedule.id', `lte:${bound}`]], 7);
  });

  ruleTest('walking the whole list at the default page size visits every schedule once and ends', [...WALK_RULES, SCHEDULE_LIST.envelope], async (t) => {
    const whole = await ascendingSlice(t, SCHEDULE_LIST, 3);
    if (!whole.whole) t.skip('the schedule list did not end on a short page within 3 pages of 100: a whole walk is left to the bounded slices');
    if (whole.items.length <= 25) t.skip(`the target lists ${whole.items.length} schedules: a single default page`);
    const walk = await walkPages<Schedule>(t, SCHEDULE_LIST.path, { listKey: SCHEDULE_LIST.listKey, query: [['order', 'asc']], pageCap: Math.ceil(whole.items.length / 25) + 3, rule: SCHEDULE_LIST.envelope, capIsFailure: true });
    expectWalkVisitsEachOnce(t, walk, { limit: 25, key: SCHEDULE_LIST.sortKey.key, expected: whole.items.map(SCHEDULE_LIST.sortKey.key) });
  });

  ruleTest('links.next keeps account.id, order and limit and moves a schedule.id cursor; the Link header repeats it', ['LQ-4-pagination-keeps-filters', 'LQ-4-link-header', ...WALK_RULES, SCHEDULE_LIST.envelope], async (t) => {
    const first = await ascendingSlice(t, SCHEDULE_LIST, 1);
    const counts = new Map<string, number>();
    for (const s of first.items) counts.set(s.creator_account_id, (counts.get(s.creator_account_id) ?? 0) + 1);
    const [creator, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (!creator || count! < 2) t.skip('no account created two schedules among the first ones: no filtered walk of several pages');
    await partsAtOnce(t, (['asc', 'desc'] as const).map((order) => async () => {
      const request: Array<[string, string]> = [['account.id', creator], ['order', order], ['limit', String(Math.max(1, Math.floor(count! / 3)))]];
      const walk = await walkPages<Schedule>(t, SCHEDULE_LIST.path, { listKey: SCHEDULE_LIST.listKey, query: request, pageCap: 6, rule: SCHEDULE_LIST.envelope });
      expectLinksOfWalk(t, SCHEDULE_LIST, walk, request, order);
    }));
  });
});

describe.concurrent('GET /api/v1/transactions', () => {
  ruleTest('walking links.next at 9 per page visits each transaction of a timestamp slice once, in order, both ways', [...FILTERED_WALK_RULES, TRANSACTION_LIST.envelope], async (t) => {
    const first = await ascendingSlice(t, TRANSACTION_LIST, 1);
    if (first.items.length < 3) t.skip(`the target lists ${first.items.length} transactions: too few for a walk`);
    const [low, high] = [first.items[Math.min(5, Math.floor(first.items.length / 4))]!, first.items[Math.min(first.items.length, 70) - 1]!].map(TRANSACTION_LIST.sortKey.key);
    await expectWalksVisitEachOnce(t, TRANSACTION_LIST, [['timestamp', `gte:${low}`], ['timestamp', `lte:${high}`]], 9);
  });

  ruleTest('walking timestamp=ne:T through a slice ends and skips only T', [...FILTERED_WALK_RULES, TRANSACTION_LIST.envelope], async (t) => {
    const first = await ascendingSlice(t, TRANSACTION_LIST, 1);
    if (first.items.length < 4) t.skip(`the target lists ${first.items.length} transactions: too few for a walk`);
    const [low, skipped, high] = [first.items[0]!, first.items[Math.min(10, Math.floor(first.items.length / 2))]!, first.items[Math.min(first.items.length, 50) - 1]!].map(TRANSACTION_LIST.sortKey.key);
    await expectWalksVisitEachOnce(t, TRANSACTION_LIST, [['timestamp', `gte:${low}`], ['timestamp', `lte:${high}`], ['timestamp', `ne:${skipped}`]], 8);
  });

  ruleTest('a walk of timestamp=ne:T alone moves on from page to page: no next link repeats its request', [...FILTERED_WALK_RULES, TRANSACTION_LIST.envelope], async (t) => {
    const first = await ascendingSlice(t, TRANSACTION_LIST, 1);
    if (first.items.length < 2) t.skip(`the target lists ${first.items.length} transactions: too few for a walk`);
    const skipped = TRANSACTION_LIST.sortKey.key(first.items[Math.min(3, first.items.length - 1)]!);
    // The whole list is no bounded walk on a live target: three full pages show whether the cursor moves.
    await partsAtOnce(t, (['asc', 'desc'] as const).map((order) => async () => {
      const query: Array<[string, string]> = [['timestamp', `ne:${skipped}`], ['order', order], ['limit', '5']];
      const walk = await walkPages<Transaction>(t, TRANSACTION_LIST.path, {
        listKey: TRANSACTION_LIST.listKey, query, pageCap: 3, rule: TRANSACTION_LIST.envelope,
        bounds: { cursor: TRANSACTION_LIST.cursor, order },
        rows: { rule: 'LQ-4-operator-semantics', matches: satisfiesCursorFilters(TRANSACTION_LIST, query), filter: queryText(query), key: TRANSACTION_LIST.sortKey.key },
      });
      const keys = walk.items.map(TRANSACTION_LIST.sortKey.key);
      t.soft('LQ-4-pagination-walk', new Set(keys).size === keys.length && !keys.includes(skipped),
        `a walk of timestamp=ne:${skipped} order=${order} visits ${keys.length} items, ${keys.length - new Set(keys).size} of them twice${keys.includes(skipped) ? `, and ${skipped} itself` : ''}`, walk.pages[0]!.exchange);
    }));
  });

  ruleTest('a walk of timestamp=ne:T with one bound keeps the bound in every next link and ends inside it', [...FILTERED_WALK_RULES, TRANSACTION_LIST.envelope], async (t) => {
    const first = await ascendingSlice(t, TRANSACTION_LIST, 1);
    if (first.items.length < 4) t.skip(`the target lists ${first.items.length} transactions: too few for a walk`);
    const [skipped, bound] = [first.items[Math.min(5, Math.floor(first.items.length / 4))]!, first.items[Math.min(25, first.items.length - 1)]!].map(TRANSACTION_LIST.sortKey.key);
    await expectWalksVisitEachOnce(t, TRANSACTION_LIST, [['timestamp', `ne:${skipped}`], ['timestamp', `lt:${bound}`]], 6);
  });

  ruleTest('a walk of timestamp=T at one transaction per page ends after that transaction', [...FILTERED_WALK_RULES, TRANSACTION_LIST.envelope], async (t) => {
    const first = await ascendingSlice(t, TRANSACTION_LIST, 1);
    if (first.items.length === 0) t.skip('the target lists no transactions');
    const stamp = TRANSACTION_LIST.sortKey.key(first.items[Math.floor(first.items.length / 2)]!);
    await partsAtOnce(t, [stamp, `eq:${stamp}`].map((filter) => async () => {
      const walk = await walkAt(t, TRANSACTION_LIST, [['timestamp', filter]], 1, 1);
      expectWalkVisitsEachOnce(t, walk, { limit: 1, key: TRANSACTION_LIST.sortKey.key, expected: [stamp] });
    }));
  });

  ruleTest('links.next keeps account.id, timestamp, order and limit and moves a timestamp cursor; the Link header repeats it', ['LQ-4-pagination-keeps-filters', 'LQ-4-link-header', ...WALK_RULES, TRANSACTION_LIST.envelope], async (t) => {
    const first = await ascendingSlice(t, TRANSACTION_LIST, 1);
    if (first.items.length < 10) t.skip(`the target lists ${first.items.length} transactions: too few for a walk`);
    const counts = new Map<string, number>();
    for (const payer of first.items.flatMap((tx) => payerOf(tx) ?? [])) counts.set(payer, (counts.get(payer) ?? 0) + 1);
    const [payer, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    if (count < 2) t.skip('no account paid for two of the oldest transactions: no filtered walk of several pages');
    const high = TRANSACTION_LIST.sortKey.key(first.items.at(-1)!);
    await partsAtOnce(t, (['asc', 'desc'] as const).map((order) => async () => {
      const request: Array<[string, string]> = [['account.id', payer], ['timestamp', `lte:${high}`], ['order', order], ['limit', String(Math.max(1, Math.floor(count / 3)))]];
      const walk = await walkPages<Transaction>(t, TRANSACTION_LIST.path, { listKey: TRANSACTION_LIST.listKey, query: request, pageCap: 6, rule: TRANSACTION_LIST.envelope });
      expectLinksOfWalk(t, TRANSACTION_LIST, walk, request, order);
    }));
  });
});
