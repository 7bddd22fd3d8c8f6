import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';
import type { LedgerList } from './ledger-lists.ts';
import { walkPages } from './walk-pages.ts';

export interface ListSlice<T> {
  /** The first items of the list in ascending order. */
  items: T[];
  /** True when the walk reached next: null on a page short of the limit, so `items` is the whole list. */
  whole: boolean;
  /** The pages' exchanges, the evidence of what the slice holds. */
  exchanges: Exchange[];
}

const PAGE = 100;

/**
 * The beginning of a list in ascending order, read in at most `pages` pages of 100: the part of
 * the list that does not move while new entities arrive, to compare filtered answers against.
 */
export async function ascendingSlice<T>(t: Check, list: LedgerList<T>, pages: number): Promise<ListSlice<T>> {
  const walk = await walkPages<T>(t, list.path, { listKey: list.listKey, query: [['order', 'asc'], ['limit', String(PAGE)]], pageCap: pages, rule: list.envelope });
  // A walk that stops on a full page cannot vouch it saw everything: a server ending walks early
  // looks the same, and that fault belongs to the pagination rules, not to the filters judged here.
  const lastPage = walk.pages.at(-1)?.items.length ?? 0;
  return { items: walk.items, whole: walk.endedBy === 'null-next' && lastPage < PAGE, exchanges: walk.pages.map((p) => p.exchange) };
}
