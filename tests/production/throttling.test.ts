// lane: waits-on-target (most of this file is the CLI waiting out a storm of Retry-After seconds: src/harness/turn-lane-sequencer.ts keeps it beside busy files).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
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
