import LinkHeader from 'http-link-header';
import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';

/** The page's `Link: <next>; rel="next"` header (reference notes, RFC 8288), as path and query; none when unparsable. */
function linkHeaderNext(header: string | undefined): string | undefined {
  let next: string | undefined;
  try {
    next = header === undefined ? undefined : LinkHeader.parse(header).rel('next')[0]?.uri;
  } catch {
    return undefined;
  }
  if (next === undefined) return undefined;
  const url = new URL(next, 'http://link.invalid');
  return url.pathname + url.search;
}

/** A page with a next link also announces it in a Link header pointing at the same URL. */
export function expectLinkHeader(t: Check, exchange: Exchange, next: string): void {
  const announced = linkHeaderNext(exchange.responseHeaders.link);
  const url = new URL(next, 'http://link.invalid');
  t.soft('LQ-4-link-header', announced === url.pathname + url.search,
    `links.next is ${next} but the Link header is ${JSON.stringify(exchange.responseHeaders.link ?? null)}`, exchange);
}
