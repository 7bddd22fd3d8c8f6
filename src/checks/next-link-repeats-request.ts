import { responseJson, type Exchange } from '../http/exchange.ts';

/** Query pairs in a comparable form: decoded, sorted, so order and percent-encoding do not matter. */
function queryPairs(url: URL): string {
  return JSON.stringify([...url.searchParams].map(([k, v]) => `${k}=${v}`).sort());
}

/**
 * Does the answer's links.next send the walk back to the request it answers (an endless walk,
 * section 4 pagination)? Undefined when the answer has no next link to judge. The link is relative
 * to the service root, so it repeats the request when the request's path ends with it.
 */
export function nextLinkRepeatsRequest(exchange: Exchange): boolean | undefined {
  if (exchange.method !== 'GET' || exchange.status !== 200) return undefined;
  const next = (responseJson(exchange) as { links?: { next?: unknown } } | undefined)?.links?.next;
  if (typeof next !== 'string' || next === '') return undefined;
  const request = new URL(exchange.url);
  const link = new URL(next, request);
  return request.pathname.endsWith(link.pathname) && queryPairs(request) === queryPairs(link);
}
