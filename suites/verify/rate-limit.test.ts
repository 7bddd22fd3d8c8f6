// Section 7/8: excess traffic is rejected with too_many_requests. A bounded burst (request count
// and time) of cheap, rejected submissions; the throttling answer is the result, so it is not waited out.
import { describe } from 'vitest';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { expectVerificationErrorBody } from '../../src/checks/verification-error-body.ts';
import { strangerAddress, submitVerification } from '../../src/samples/verification-sample.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';
import { responseJson, type Exchange } from '../../src/http/exchange.ts';
import { THROTTLING_BURST } from '../../src/checks/throttling-burst.ts';

/** A throttling answer: 429, 503 with Retry-After, or any answer naming too_many_requests. */
function isThrottling(exchange: Exchange): boolean {
  const code = (responseJson(exchange) as { customCode?: unknown } | undefined)?.customCode;
  return exchange.status === 429 || (exchange.status === 503 && 'retry-after' in exchange.responseHeaders) || code === 'too_many_requests';
}

describe('POST /v2/verify/{chainId}/{address}', () => {
  // Turns: the burst leaves the client throttled for up to one window, whatever test sends next.
  ruleTest('rejects a burst beyond the rate limit with too_many_requests', ['VF-7-too-many-requests', 'VF-7-too-many-requests-429', 'VF-7-error-body-shape'], async (t) => {
    const address = strangerAddress(t);
    const started = Date.now();
    let sent = 0;
    let throttled: Exchange | undefined;
    // An empty body is rejected at once, so the burst loads the front door and starts no job. It goes
    // in waves of requests in flight at once, a burst however far away the target is
    // (src/checks/throttling-burst.ts); none is sent after a wave met throttling: a request sent
    // then would wait out the run's pause for nothing and load the target past its answer.
    while (!throttled && sent < THROTTLING_BURST.maxRequests && Date.now() - started < THROTTLING_BURST.maxMs) {
      const size = Math.min(THROTTLING_BURST.wave, THROTTLING_BURST.maxRequests - sent);
      sent += size;
      const wave = await Promise.all(Array.from({ length: size }, () => submitVerification(t, t.config.verifyChainId, address, {}, { waitOutThrottling: false })));
      throttled = wave.find(isThrottling);
    }
    t.note(`${sent} request(s) in ${Date.now() - started} ms, ${THROTTLING_BURST.wave} at a time${throttled ? '; throttled' : ''}`);
    if (!throttled) {
      // A verifier without a rate limiter of its own (notes: the public one's is in front of it) is not judged.
      const why = `no throttling within ${sent} requests and ${THROTTLING_BURST.maxMs / 1000} s: the target may have no rate limiter, and the contract does not show the threshold`;
      for (const rule of ['VF-7-too-many-requests', 'VF-7-too-many-requests-429']) t.notEvaluated(rule, why);
      return t.skip(why);
    }
    const error = expectVerificationErrorBody(t, throttled, `throttling answer after ${sent} requests`);
    expectRule('VF-7-too-many-requests', error.customCode === 'too_many_requests', `the throttling answer (${throttled.status}) has customCode ${error.customCode}`, throttled);
    t.soft('VF-7-too-many-requests-429', throttled.status === 429, `too_many_requests came with ${throttled.status}, the notes observe 429`, throttled);
  }, { writes: true, turns: 'shared-state', timeout: 60_000 });
});
