import type { Check } from '../harness/rule-test.ts';

/**
 * Does the target serve this path at all? A path it does not have answers 404 to a request that
 * names nothing unknown (the list itself, or a lookup of an ID from the target's own list); such
 * a 404 rejects nothing, so checks that need the route are not evaluated there (reference notes,
 * deviation 11: six 4.6 paths the public service lacks).
 */
export async function routeNotServed(t: Check, path: string): Promise<boolean> {
  const exchange = await t.get(path);
  if (exchange.status !== 404) return false;
  t.note(`${path} answered 404: the target does not serve this path`);
  return true;
}
