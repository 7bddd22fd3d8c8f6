import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';

export interface SortKey<T> {
  /** Field name, for the report. */
  name: string;
  key: (item: T) => string;
  /** Compares two keys by their meaning (numeric entity IDs, decimal timestamps), not as strings. */
  compare: (a: string, b: string) => number;
}

/**
 * The items are in `order` by the key. Reports the first pair out of order, so a reader sees
 * the two neighbours that break it; fewer than two items have no order to judge. `clause`: the
 * part of the rule an order is (for a rule with clauses).
 */
export function expectSortedBy<T>(t: Check, rule: string, items: T[], order: 'asc' | 'desc', by: SortKey<T>, exchange?: Exchange, clause?: string): void {
  if (items.length < 2) {
    t.notEvaluated(rule, `${items.length} item(s) in the ${order} answer: no order to judge`);
    return;
  }
  const sign = order === 'asc' ? 1 : -1;
  for (let i = 1; i < items.length; i++) {
    const before = by.key(items[i - 1]!);
    const after = by.key(items[i]!);
    if (sign * by.compare(before, after) > 0) {
      t.soft(rule, false, `items are not in ${order} order of ${by.name}: #${i - 1} has ${before}, #${i} has ${after}`, exchange, clause);
      return;
    }
  }
  t.soft(rule, true, '', exchange, clause);
}
