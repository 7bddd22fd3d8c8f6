import type fc from 'fast-check';
import { parameterSchema } from '../../generators/requests/parameter-schema.ts';
import { validArbitrary } from '../../generators/schema/valid-arbitrary.ts';
import { checkProperty } from '../harness/check-property.ts';
import type { Check } from '../harness/rule-test.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, findParameter } from '../../specs/operations.ts';
import type { LedgerList } from '../walkers/ledger-lists.ts';
import { listPage } from '../walkers/list-page.ts';
import { expectRule } from './rule-violation.ts';

/**
 * limit=N, for the valid values of the list's `limit` parameter, answers the first N items of the
 * ascending list and never more: each page is compared with the list read at limit=100. An empty
 * list is skipped, since any limit would pass on it.
 */
export async function expectLimitTakesFirst<T>(t: Check, list: LedgerList<T>, rule: string): Promise<void> {
  const keys = (items: T[]) => items.map(list.sortKey.key);
  const full = keys((await listPage(t, list, [['order', 'asc'], ['limit', '100']], rule)).items);
  if (full.length === 0) t.skip(`the target lists no ${list.listKey}: every limit would answer an empty page`);
  const operation = findOperation(await loadSpec('ledger-query'), list.operationId);
  const schema = parameterSchema(findParameter(operation, 'limit', 'query'));
  const limits = validArbitrary(schema, 'text') as fc.Arbitrary<string>;
  const expectFirst = async (limit: string) => {
    const page = await listPage(t, list, [['order', 'asc'], ['limit', limit]], rule);
    const n = Number(limit);
    // Only a list holding more than N items could show a page of more than N.
    const clause = full.length > n ? 'page-at-most-limit' : undefined;
    expectRule(rule, page.items.length <= n, `limit=${limit} returned ${page.items.length} ${list.listKey}`, page.exchange, clause);
    const expected = full.slice(0, n);
    expectRule(rule, keys(page.items).join() === expected.join(),
      `limit=${limit} returned ${page.items.length} ${list.listKey}, expected the first ${expected.length} of the list`, page.exchange, clause);
  };
  // The edges and the default of the range (read from the spec) are sent every run, not left to chance.
  const observedDefault = (schema as { 'x-observed-default'?: unknown })['x-observed-default'];
  const edges = [schema.minimum, schema.default ?? observedDefault, schema.maximum].filter((v) => v !== undefined).map(String);
  for (const limit of new Set(edges)) await expectFirst(limit);
  await checkProperty(t, limits, expectFirst);
}
