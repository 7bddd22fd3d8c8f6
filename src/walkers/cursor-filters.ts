import { parseOperatorFilter, satisfiesOperator } from '../../generators/semantic/operator-filter.ts';
import type { LedgerList } from './ledger-lists.ts';

/**
 * The query's `[op:]value` filters on the list's cursor (its sort key) as a test of one row: a row
 * of the answer must satisfy every one of them (contract section 4).
 */
export function satisfiesCursorFilters<T>(list: LedgerList<T>, query: Array<[string, string]>): (item: T) => boolean {
  const filters = query.filter(([name]) => name === list.cursor).map(([, text]) => parseOperatorFilter(text));
  return (item) => filters.every(({ op, value }) => satisfiesOperator(op, list.sortKey.compare(list.sortKey.key(item), value)));
}
