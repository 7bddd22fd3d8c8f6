import type { Check } from '../harness/rule-test.ts';
import { responseJson } from '../http/exchange.ts';

/**
 * Finds entities on the target itself (never hard-coded IDs): the first page of a list, filtered
 * by a predicate. When nothing fits, the check is skipped with the reason, never passed.
 */
export async function discover<T = Record<string, unknown>>(
  t: Check,
  what: string,
  path: string,
  listKey: string,
  options: { query?: Array<[string, string]>; where?: (item: T) => boolean; need?: number } = {},
): Promise<T[]> {
  const exchange = await t.get(path, options.query ?? [['limit', '100']]);
  const body = responseJson(exchange) as Record<string, unknown> | undefined;
  const items = Array.isArray(body?.[listKey]) ? (body![listKey] as T[]) : [];
  if (exchange.status !== 200) t.skip(`cannot discover ${what}: ${path} answered ${exchange.status}`);
  const found = options.where ? items.filter(options.where) : items;
  const need = options.need ?? 1;
  if (found.length < need) t.skip(`the target has no ${what} (${found.length} of ${need} needed, from the first ${items.length} items of ${path})`);
  return found;
}
