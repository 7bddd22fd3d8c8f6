// How a test's end is classified: a harness error such as a TypeError in a check is an error of the
// suite, never a target fault, even when the test met an answer that is not JSON.
import { describe, expect, it } from 'vitest';
import { classifyEnd } from '../src/harness/rule-test.ts';
import { SkipCheck } from '../src/harness/skip.ts';
import type { Exchange } from '../src/http/exchange.ts';
import { createRedactor } from '../src/http/redact.ts';

const redact = createRedactor({ headers: {}, secretHeaders: [], secretParams: [] });
const html: Exchange = {
  method: 'GET', url: 'http://127.0.0.1:1/status/api/v2/summary.json', requestHeaders: {}, status: 200, responseHeaders: { 'content-type': 'text/html' },
  responseBody: '<html>maintenance</html>', startedAt: new Date(0).toISOString(), durationMs: 1, throttled: [],
};

describe('the end of a test', () => {
  it('keeps a TypeError of a check as a failure of the suite, naming the unreadable answer beside it', () => {
    const end = classifyEnd(new TypeError("Cannot read properties of undefined (reading 'page')"), redact, [html], undefined);
    expect(end.stopped).toBeUndefined();
    expect(end.failure).toBeInstanceOf(TypeError);
    expect((end.failure as Error).message).toMatch(/also met an answer that is not JSON: GET .*summary\.json -> 200/);
  });

  it('reads a skip for data a correct target may lack as such', () => {
    expect(classifyEnd(new SkipCheck('no open incident', true), redact, [], undefined)).toEqual({ skip: { reason: 'no open incident', mayLack: true } });
  });
});
