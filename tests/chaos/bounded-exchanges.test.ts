import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkProperty } from '../../src/harness/check-property.ts';
import type { Check } from '../../src/harness/rule-test.ts';
import { createClient, TargetUnreachable, ThrottledOut, type TestAllowance } from '../../src/http/client.ts';
import { BudgetExhausted } from '../../src/http/request-budget.ts';
import { createTargetPacer, FAULTS_BEFORE_ABANDON } from '../../src/http/target-pacer.ts';
import { TargetAbandoned, TargetFault } from '../../src/http/transport-faults.ts';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy.ts';

// A plain upstream: every path answers a small JSON document, /big a large one.
let upstream: Server;
let upstreamUrl: string;
let proxy: FaultProxy;
/** The fault the proxy applies to the next requests, per path; forward when none is left. */
const plan = new Map<string, Fault[]>();

beforeAll(async () => {
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url === '/big' ? JSON.stringify({ pad: 'x'.repeat(3_000_000) }) : JSON.stringify({ path: req.url, items: [1, 2, 3] }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await startFaultProxy(upstreamUrl, (req) => plan.get(new URL(req.url ?? '/', 'http://x').pathname)?.shift() ?? { kind: 'forward' });
});

afterAll(async () => {
  await proxy.close();
  upstream.closeAllConnections();
  upstream.close();
});

function client(extra: Partial<Parameters<typeof createClient>[0]> = {}, sent: number[] = []) {
  const given: unknown[] = [];
  const c = createClient({
    headers: {},
    timeoutMs: 600,
    throttle: { maxRetries: 3, maxWaitMs: 200 },
    hooks: { beforeSend: async () => void sent.push(Date.now()), onExchange: () => {}, onGiveUp: (e) => void given.push(e) },
    ...extra,
  });
  return Object.assign(c, { given });
}

const arrivals = (path: string) => proxy.log.filter((r) => r.url.startsWith(path)).length;

describe('every exchange is bounded in time and size', () => {
  it('ends an answer that drips one byte at a time at the timeout, however long the body', async () => {
    plan.set('/drip', [{ kind: 'drip', everyMs: 100 }, { kind: 'drip', everyMs: 100 }, { kind: 'drip', everyMs: 100 }]);
    const started = Date.now();
    const error = await client().send({ method: 'GET', url: `${proxy.url}/drip` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetFault);
    expect((error as Error).message).toMatch(/no complete answer within 600 ms \(3 attempts\)/);
    // Three bounded attempts and two short back-offs, not the minutes the drip would take.
    expect(Date.now() - started).toBeLessThan(4_000);
  }, 10_000);

  it('stops reading a body beyond the size cap and reports it as a target fault, without retrying', async () => {
    const sent: number[] = [];
    const error = await client({ maxBodyBytes: 1_000_000 }, sent).send({ method: 'GET', url: `${upstreamUrl}/big` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetFault);
    expect((error as Error).message).toMatch(/beyond the cap of 1000000 bytes/);
    expect(sent).toHaveLength(1);
    expect((await client().send({ method: 'GET', url: `${upstreamUrl}/big` })).status).toBe(200);
  });
});

describe('transient faults are retried a bounded number of times, and told apart', () => {
  it('sends an idempotent request again after a reset or a body cut short, each attempt through the hooks', async () => {
    plan.set('/flaky', [{ kind: 'reset' }, { kind: 'cut' }]);
    const sent: number[] = [];
    const before = arrivals('/flaky');
    const ex = await client({}, sent).send({ method: 'GET', url: `${proxy.url}/flaky` });
    expect(ex.status).toBe(200);
    expect(JSON.parse(ex.responseBody)).toMatchObject({ path: '/flaky' });
    expect(sent).toHaveLength(3);
    expect(arrivals('/flaky') - before).toBe(3);
  });

  it('never sends a POST again after a reset: it may have been acted on', async () => {
    plan.set('/post', [{ kind: 'reset' }]);
    const sent: number[] = [];
    const c = client({}, sent);
    const error = await c.send({ method: 'POST', url: `${proxy.url}/post`, body: { a: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetFault);
    expect(sent).toHaveLength(1);
    expect(c.given).toHaveLength(1);
  });

  it('gives up a fault that persists as a TargetFault carrying each failed attempt, and a closed port as unreachable', async () => {
    plan.set('/down', [{ kind: 'reset' }, { kind: 'reset' }, { kind: 'reset' }]);
    const error = await client().send({ method: 'GET', url: `${proxy.url}/down` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetFault);
    expect((error as TargetFault).attempts).toHaveLength(3);
    await expect(client().send({ method: 'GET', url: 'http://127.0.0.1:1/x' })).rejects.toBeInstanceOf(TargetUnreachable);
  });

  it('waits out a 503 with Retry-After on a GET, and does not send a POST again after one', async () => {
    const busy: Fault = { kind: 'answer', answer: { status: 503, headers: { 'retry-after': '0' }, body: '{"message":"busy"}' } };
    plan.set('/busy', [busy, busy]);
    const ex = await client().send({ method: 'GET', url: `${proxy.url}/busy` });
    expect(ex).toMatchObject({ status: 200, throttled: [{ status: 503 }, { status: 503 }] });
    plan.set('/busy', [busy]);
    await expect(client().send({ method: 'POST', url: `${proxy.url}/busy`, body: {} })).rejects.toBeInstanceOf(ThrottledOut);
  });

  it('gives a target up after repeated faults in a row: later requests to it are not sent', async () => {
    const pacer = createTargetPacer();
    const c = client({ pacer, transportRetries: 0 });
    plan.set('/gone', Array.from({ length: FAULTS_BEFORE_ABANDON }, (): Fault => ({ kind: 'reset' })));
    for (let i = 0; i < FAULTS_BEFORE_ABANDON; i++) await expect(c.send({ method: 'GET', url: `${proxy.url}/gone` })).rejects.toBeInstanceOf(TargetFault);
    const before = proxy.log.length;
    await expect(c.send({ method: 'GET', url: `${proxy.url}/gone` })).rejects.toBeInstanceOf(TargetAbandoned);
    expect(proxy.log.length).toBe(before);
    expect(pacer.abandoned(proxy.url)).toMatch(/stopped checking http:\/\/127\.0\.0\.1:\d+ after 4 attempts in a row/);
  });

  it('ends a test whose budget is spent: throttled when throttling spent it, run-limited otherwise', async () => {
    const allowance: TestAllowance = { deadline: Date.now() + 60_000, maxAttempts: 2, attempts: 0, throttled: 0 };
    const c = client();
    await c.send({ method: 'GET', url: `${proxy.url}/a`, allowance });
    await c.send({ method: 'GET', url: `${proxy.url}/a`, allowance });
    await expect(c.send({ method: 'GET', url: `${proxy.url}/a`, allowance })).rejects.toBeInstanceOf(BudgetExhausted);
    const throttling: TestAllowance = { deadline: Date.now() + 150, maxAttempts: 100, attempts: 0, throttled: 0 };
    plan.set('/slow-down', [{ kind: 'answer', answer: { status: 429, headers: { 'retry-after': '1' }, body: '{}' } }]);
    await expect(client({ throttle: { maxRetries: 3, maxWaitMs: 1_000 } }).send({ method: 'GET', url: `${proxy.url}/slow-down`, allowance: throttling }))
      .rejects.toThrow(ThrottledOut);
  });
});

describe('pacing adapts to the target', () => {
  it('spaces requests to a target that throttled, and speeds up again once answers flow', async () => {
    // On fake time: the gaps are the pacer's arithmetic, not what a busy machine's timers deliver.
    vi.useFakeTimers();
    try {
      const pacer = createTargetPacer();
      const origin = 'http://127.0.0.1:1';
      const tickets: number[] = [];
      const elapsed = async (waits: number) => {
        const t0 = Date.now();
        let end: number | undefined;
        const done = (async () => {
          for (let i = 0; i < waits; i++) tickets.push(await pacer.wait(origin));
          end = Date.now();
        })();
        // Time moves from timer to timer until the waits are over; the clock is read when they are.
        while (end === undefined) await vi.advanceTimersToNextTimerAsync();
        await done;
        return end - t0;
      };
      pacer.throttled(origin, 0);
      // A target asking for no wait is not slowed.
      expect(await elapsed(4)).toBe(0);
      // One asking for a second pauses that long, then requests go 50 ms apart.
      pacer.throttled(origin, 1_000);
      expect(await elapsed(3)).toBe(1_100);
      // Throttled again after the pause: the gap doubles to 100 ms.
      pacer.throttled(origin, 200);
      expect(await elapsed(3)).toBe(400);
      // Calm answers halve the gap away: only the slot already promised is waited for.
      await elapsed(40 - tickets.length);
      for (const ticket of tickets) pacer.answered(origin, ticket);
      expect(await elapsed(4)).toBe(100);
    } finally {
      vi.useRealTimers();
    }
  });

  it('widens the gap once per pause, however many answers to requests already in flight come during it', async () => {
    vi.useFakeTimers();
    try {
      const pacer = createTargetPacer();
      const target = 'http://127.0.0.1:1 (verify)';
      // A burst's requests were all in flight: five throttling answers arrive within the first pause.
      for (let i = 0; i < 5; i++) pacer.throttled(target, 1_000);
      const start = Date.now();
      const times: number[] = [];
      const waits = (async () => {
        for (let i = 0; i < 3; i++) {
          await pacer.wait(target);
          times.push(Date.now() - start);
        }
      })();
      await vi.advanceTimersByTimeAsync(5_000);
      await waits;
      expect(times).toEqual([1_000, 1_050, 1_100]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('paces each interface of a host on its own: a throttled verifier does not hold back the query service', async () => {
    plan.set('/v2/verify/1/0x1', [{ kind: 'answer', answer: { status: 429, headers: { 'retry-after': '30' }, body: '{}' } }]);
    const c = client({ pacer: createTargetPacer(), throttle: { maxRetries: 3, maxWaitMs: 30_000 } });
    const throttled = await c.send({ method: 'POST', url: `${proxy.url}/v2/verify/1/0x1`, service: 'verify', waitOutThrottling: false });
    expect(throttled.status).toBe(429);
    // Sent at once although the same host asked the verifier's client to wait 30 s.
    const answered = await c.send({ method: 'GET', url: `${proxy.url}/api/v1/blocks`, service: 'ledger-query' });
    expect(answered.status).toBe(200);
    const [verifyAt, ledgerAt] = ['/v2/verify/1/0x1', '/api/v1/blocks'].map((p) => [...proxy.log].reverse().find((r) => r.url === p)!.at);
    expect(ledgerAt! - verifyAt!).toBeLessThan(30_000);
  });

  it('returns a 429 the request names as an answer of the interface at once, without waiting or pausing the target', async () => {
    const running = { status: 429, headers: {}, body: '{"customCode":"duplicate_verification_request"}' };
    plan.set('/v2/verify/1/0x2', [{ kind: 'answer', answer: running }, { kind: 'answer', answer: running }]);
    const pacer = createTargetPacer();
    const c = client({ pacer, throttle: { maxRetries: 3, maxWaitMs: 10_000 } });
    const isAnswer = (status: number, body: string) => status === 429 && body.includes('duplicate_verification_request');
    const answer = await c.send({ method: 'POST', url: `${proxy.url}/v2/verify/1/0x2`, service: 'verify', isAnswer });
    expect(answer).toMatchObject({ status: 429, throttled: [] });
    // Without it the same answer is throttling: waited out (1 s, no Retry-After) and sent again.
    const waited = await c.send({ method: 'POST', url: `${proxy.url}/v2/verify/1/0x2`, service: 'verify' });
    expect(waited.throttled).toEqual([{ status: 429, waitedMs: 1000 }]);
  });

  it('records exchanges it gave up on, so the run counts their throttling answers', async () => {
    plan.set('/storm', Array.from({ length: 4 }, (): Fault => ({ kind: 'answer', answer: { status: 429, headers: { 'retry-after': '0' }, body: '{}' } })));
    const c = client({ throttle: { maxRetries: 3, maxWaitMs: 10 } });
    await expect(c.send({ method: 'GET', url: `${proxy.url}/storm` })).rejects.toBeInstanceOf(ThrottledOut);
    expect(c.given).toEqual([expect.objectContaining({ status: 0, throttled: [{ status: 429, waitedMs: 0 }, { status: 429, waitedMs: 0 }, { status: 429, waitedMs: 0 }] })]);
  });
});


describe('a property stops at a target fault', () => {
  it('does not shrink by sending the failing requests again', async () => {
    // The target answers three requests, then resets every connection.
    plan.set('/prop', [{ kind: 'forward' }, { kind: 'forward' }, { kind: 'forward' }, ...Array.from({ length: 100 }, (): Fault => ({ kind: 'reset' }))]);
    const c = client();
    const t = { config: { seed: 42, depth: 20 }, casesAtOnce: 1 } as unknown as Check;
    const before = arrivals('/prop');
    const error = await checkProperty(t, fc.array(fc.integer(), { minLength: 3 }), async (xs) => {
      await c.send({ method: 'GET', url: `${proxy.url}/prop?n=${xs.length}` });
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetFault);
    // Three answered cases, then one request sent three times before the fault was given up.
    expect(arrivals('/prop') - before).toBe(6);
    plan.delete('/prop');
  });
});
