import type { Check } from '../harness/rule-test.ts';
import { expectRule } from '../checks/rule-violation.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import type { LedgerList } from './ledger-lists.ts';

/** A query as it reads in a message: `k=v&k=v`. */
export function queryText(query: Array<[string, string]>): string {
  return query.map(([k, v]) => `${k}=${v}`).join('&') || 'no parameters';
}

/**
 * One page of a list (sent here, or `answered` already). The answer must be 200, a failure of `statusRule` (the rule the query
 * tests, by default the envelope's), and hold the item array, a failure of the envelope rule.
 */
export async function listPage<T>(t: Check, list: LedgerList<T>, query: Array<[string, string]>, statusRule = list.envelope, answered?: Exchange): Promise<{ exchange: Exchange; items: T[] }> {
  const exchange = answered ?? (await t.get(list.path, query));
  expectRule(statusRule, exchange.status === 200, `${queryText(query)} answered ${exchange.status}`, exchange);
  const items = (responseJson(exchange) as Record<string, unknown> | undefined)?.[list.listKey];
  expectRule(list.envelope, Array.isArray(items), `the answer has no "${list.listKey}" array`, exchange);
  return { exchange, items: items as T[] };
}
