// The Link-header check (LQ-4-link-header) judged on answers as servers write them: RFC 8288 headers
// with several links, extra parameters and multi-valued rel hold; a missing, wrong or unparsable one is a violation.
import { describe, expect, it } from 'vitest';
import { expectLinkHeader } from '../src/checks/link-header.ts';
import type { Check } from '../src/harness/rule-test.ts';
import type { Exchange } from '../src/http/exchange.ts';

const NEXT = '/api/v1/transactions?account.id=0.0.2&limit=2&timestamp=lt:1700000000.000000001';

/** Judges one page answer with the given Link header and returns whether the rule held. */
function judge(link: string | undefined): boolean {
  const judged: boolean[] = [];
  const t = { soft: (_rule: string, holds: boolean) => void judged.push(holds) } as unknown as Check;
  const exchange = { method: 'GET', url: 'http://127.0.0.1:1/api/v1/transactions', status: 200, requestHeaders: {}, responseHeaders: link === undefined ? {} : { link } as Record<string, string>, responseBody: '{}', startedAt: '', durationMs: 1, throttled: [] } satisfies Exchange;
  expectLinkHeader(t, exchange, NEXT);
  expect(judged).toHaveLength(1);
  return judged[0]!;
}

describe('LQ-4-link-header', () => {
  it.each([
    [`<${NEXT}>; rel="next"`],
    [`<${NEXT}>; rel=next`],
    [`</api/v1/transactions?limit=2>; rel="prev", <http://mirror.example${NEXT}>; title="page 2"; rel="next last"`],
  ])('holds for %s', (link) => {
    expect(judge(link)).toBe(true);
  });

  it.each([
    ['no Link header', undefined],
    ['a next link to another page', '</api/v1/transactions?limit=2>; rel="next"'],
    ['only a prev link', `<${NEXT}>; rel="prev"`],
    ['an unparsable header', `${NEXT}; rel=next`],
  ])('is violated by %s', (_case, link) => {
    expect(judge(link)).toBe(false);
  });
});
