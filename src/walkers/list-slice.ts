import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';
import type { LedgerList } from './ledger-lists.ts';
import { walkPages } from './walk-pages.ts';

export interface ListSlice<T> {
  /** The first items of the list in ascending order. */
  items: T[];
  /** True when the walk reached next: null, so `items` is the whole list. */
  whole: boolean;
  /** The pages' exchanges, the evidence of what the slice holds. */
  exchanges: Exchange[];
}

/**
 * The beginning of a list in ascending order, read in at most `pages` pages of 100: the part of
 * the list that does not move while new entities arrive, to compare filtered answers against.
 */
export async function ascendingSlice<T>(t: Check, list: LedgerList<T>, pages: number): Promise<ListSlice<T>> {
  const walk = await walkPages<T>(t, list.path, { listKey: list.listKey, query: [['order', 'asc'], ['limit', '100']], pageCap: pages, rule: list.envelope });
  return { items: walk.items, whole: walk.endedBy === 'null-next', exchanges: walk.pages.map((p) => p.exchange) };
}
