// lane: waits-on-target (most of this file is the CLI waiting out the Retry-After seconds of a target that takes 5 submissions a second: src/harness/turn-lane-sequencer.ts keeps it beside busy files).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { ruleRows, runCli, tempDir, type CliResult } from '../production/cli-helpers.ts';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy.ts';
import { THROTTLING_BURST } from '../../src/checks/throttling-burst.ts';

const POSTS_PER_SECOND = 5;

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
    // The burst test takes the 429s of its lanes in flight as the answers under test; every other
    // one was waited out.
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(answered429);
    expect(answered429 - waited).toBeLessThanOrEqual(THROTTLING_BURST.lanes);
  });
});
