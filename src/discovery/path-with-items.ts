import type { Check } from '../harness/rule-test.ts';
import { responseJson } from '../http/exchange.ts';
import { fillPath } from './lookup-cases.ts';

/**
 * The first of the candidate fillings of a templated list path whose list holds items (probed with
 * limit=1, one request per candidate). A paging check on an empty list would prove nothing, so the
 * test is skipped when no candidate has items.
 */
export async function pathWithItems(t: Check, template: string, listKey: string, candidates: Array<Record<string, string>>): Promise<string> {
  for (const params of candidates) {
    const path = fillPath(template, params);
    const exchange = await t.get(path, [['limit', '1']]);
    const items = (responseJson(exchange) as Record<string, unknown> | undefined)?.[listKey];
    if (exchange.status === 200 && Array.isArray(items) && items.length > 0) return path;
  }
  t.skip(`no list with items at ${template} for the ${candidates.length} candidate(s) found on the target`);
}
