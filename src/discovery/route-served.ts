import { sameAnswer } from '../checks/same-answer.ts';
import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';

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

/** A path no version of the service has under /api/v1. */
const NO_SUCH_ROUTE = '/api/v1/no-such-route-in-the-contract';
/** A query parameter no endpoint knows: a served route refuses it, an unknown route never reads it. */
const NO_SUCH_PARAMETER: Array<[string, string]> = [['no_such_parameter', '1']];

/**
 * Is this 404 the target's answer for a route it does not serve? It must be the very answer a path
 * no service has gets (same status and body; asked with GET, since the public service answers
 * unknown routes and methods alike). A GET route is also asked with an unknown query parameter: an
 * endpoint that exists but has nothing to show (the public `/network/stake` before the network
 * has a stake record) refuses it, an unknown route answers 404 as before.
 */
export async function answersAsUnknownRoute(t: Check, answer: Exchange): Promise<boolean> {
  if (answer.status !== 404 || !sameAnswer(answer, await t.get(NO_SUCH_ROUTE))) return false;
  if (answer.method !== 'GET') return true;
  const path = new URL(answer.url).pathname.replace(/^.*?(?=\/api\/v1\/)/, '');
  return sameAnswer(await t.get(path, NO_SUCH_PARAMETER), await t.get(NO_SUCH_ROUTE, NO_SUCH_PARAMETER));
}
