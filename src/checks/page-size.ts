import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';

/** A page never holds more items than the page size asked for (or the default size). */
export function expectPageSize(t: Check, rule: string, count: number, limit: number, exchange?: Exchange, clause?: string): void {
  t.soft(rule, count <= limit, `page holds ${count} items, more than the page size ${limit}`, exchange, clause);
}
