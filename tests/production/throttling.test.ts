// lane: waits-on-target (src/harness/turn-lane-sequencer.ts starts this file first, beside the conformance files).
// Targets that throttle, end to end: a status target with a storm of 429s and the odd 503, and a
// verification target that takes 5 submissions a second. Each run mostly waits out Retry-After
// seconds, so the two go side by side in this one file (in two files they met in two workers and
// left both cores idle).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { THROTTLING_BURST } from '../../src/checks/throttling-burst.ts';
import { startFaultProxy, type Fault, type FaultProxy } from '../chaos/fault-proxy.ts';
import { ruleRows, runCli, startProxy, tempDir, type CliResult, type LoopbackProxy } from './cli-helpers.ts';

const STORM_PATH = '/status/api/v2/scheduled-maintenances/active.json';
/**
 * Longer than the client's four waits of the one second the storm asks for, and the pacer's gaps:
 * on a loaded machine those waits stretched past 8 s, and a request outlasted the storm.
 */
const STORM_MS = 15_000;
/** Throttling answers a request that gives up met: four waited out and the last straw. */
const STORM_LENGTH = 5;
const throttle = (status: number) => ({ status, headers: { 'retry-after': '1' }, body: '{"message":"slow down"}' });

const POSTS_PER_SECOND = 5;

describe.concurrent('targets that throttle', () => {
  describe('a target that throttles: a storm of 429s and the odd 503 with Retry-After', () => {
    let server: ReferenceServer;
    let proxy: LoopbackProxy;
    let result: CliResult;
    const dir = tempDir('throttled');
    let stormFrom: number | undefined;

    beforeAll(async () => {
      server = await startReferenceServer();
      proxy = await startProxy(server.baseUrl, {
        intercept(req, n) {
          // One document is throttled for a while from the first time it is asked for: longer than the
          // client's four waits. A time, not a count: tests of files running side by side may ask for it together.
          if (req.url === STORM_PATH && Date.now() - (stormFrom ??= Date.now()) < STORM_MS) return throttle(429);
          if (n > 1 && n % 17 === 0) return throttle(429);
          if (n > 1 && n % 29 === 0) return throttle(503);
          return undefined;
        },
      });
      result = await runCli([
        'run', '--no-html', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--treat-as-remote',
        '--rate', '50', '--max-requests', '400', '--seed', '5', '--report-dir', dir,
      ]);
    }, 170_000);
    afterAll(async () => {
      await proxy?.close();
      await server?.close();
    });

    const throttledAnswers = () => proxy.log.filter((e) => e.status === 429 || e.status === 503).length;

    it('waits the throttling out instead of failing on it, and calls the run INCOMPLETE where it gave up', () => {
      expect(result.code).toBe(3);
      expect(result.stdout).toMatch(/ledger-conformance: INCOMPLETE \(exit 3\)\n {2}incomplete: \d+ test\(s\) stopped before judging: the target kept throttling/);
      expect(throttledAnswers()).toBeGreaterThan(STORM_LENGTH);
      const finals = readFileSync(join(dir, 'exchanges.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { status: number });
      expect(finals.filter((e) => e.status === 429 || e.status === 503)).toEqual([]);
    });

    it('never counts a check the target kept throttling as passed: it is skipped with the reason', () => {
      const given = [...ruleRows(dir).values()].flatMap((r) => r.tests).filter((t) => /^the target kept throttling/.test(t.reason ?? ''));
      expect(given.length).toBeGreaterThan(0);
      expect(given.every((t) => t.status === 'skipped')).toBe(true);
    });

    it('reports every request and every throttling answer the target gave', () => {
      const summary = readFileSync(join(dir, 'summary.txt'), 'utf8');
      const m = /requests sent (\d+), peak \d+\/s, throttling answers waited out (\d+)/.exec(summary);
      expect(m, summary.slice(0, 600)).not.toBeNull();
      const [, sent, waited] = m!.map(Number) as [number, number, number];
      const gaveUp = Number(/(\d+) test\(s\) stopped before judging: the target kept throttling/.exec(summary)?.[1] ?? 0);
      expect(sent).toBe(proxy.log.length);
      // A request given up on met five throttling answers: its four waits are counted, the last straw is not waited out.
      expect(waited + (gaveUp || 0)).toBe(throttledAnswers());
      expect(waited).toBeGreaterThan(0);
    });
  });

  /**
   * A correct verification service that allows 5 POSTs per second per client and answers the
   * excess with 429 too_many_requests and Retry-After, as the contract says. The client must slow
   * down to it and pass, not spend its tests waiting out throttling.
   */
  describe('a correct verification service limited to 5 POSTs per second', () => {
    let server: ReferenceServer;
    let proxy: FaultProxy;
    let result: CliResult;
    const dir = tempDir('chaos-paced');
    const posts: number[] = [];

    beforeAll(async () => {
      server = await startReferenceServer();
      proxy = await startFaultProxy(server.baseUrl, (req): Fault => {
        if (req.method !== 'POST') return { kind: 'forward' };
        const now = Date.now();
        while (posts.length && now - posts[0]! >= 1000) posts.shift();
        if (posts.length >= POSTS_PER_SECOND) {
          const body = { customCode: 'too_many_requests', message: 'at most 5 submissions a second', errorId: randomUUID() };
          return { kind: 'answer', answer: { status: 429, headers: { 'retry-after': '1' }, body: JSON.stringify(body) } };
        }
        posts.push(now);
        return { kind: 'forward' };
      });
      // Without samples the coverage gate would end the run INCOMPLETE; this test is about throttling alone.
      result = await runCli(['run', '--no-html', '--only', 'verify', '--verify-url', proxy.url, '--seed', '21', '--depth', '8', '--quiet', '--min-evaluated', '0', '--report-dir', dir], 150_000);
    }, 160_000);
    afterAll(async () => {
      await proxy?.close();
      await server?.close();
    });

    it('passes: no test breaks or is given up to throttling', () => {
      expect(result.code, result.stdout.slice(0, 1500)).toBe(0);
      expect([...ruleRows(dir).values()].filter((r) => r.verdict === 'error' || r.verdict === 'failed').map((r) => r.id)).toEqual([]);
    });

    it('counts the throttling answers it waited out, as the target gave them', () => {
      const summary = readFileSync(join(dir, 'summary.txt'), 'utf8');
      const waited = Number(/throttling answers waited out (\d+)/.exec(summary)?.[1]);
      // The proxy's own 429s and the reference's (it has a rate limit of its own: reference/verify/rate-limit.ts).
      const answered429 = proxy.log.filter((r) => r.status === 429).length;
      // The burst test takes the 429s of its last wave as the answers under test; every other
      // one was waited out.
      expect(waited).toBeGreaterThan(0);
      expect(waited).toBeLessThanOrEqual(answered429);
      expect(answered429 - waited).toBeLessThanOrEqual(THROTTLING_BURST.wave);
    });
  });
});
