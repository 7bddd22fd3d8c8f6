import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { ruleRows, runCli, tempDir, type CliResult } from '../production/cli-helpers.ts';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy.ts';

const BUDGET = 400;
const busy: Fault = { kind: 'answer', answer: { status: 503, headers: { 'retry-after': '0' }, body: '{"message":"busy"}' } };

/**
 * A correct status target behind a flaky network: the probe's connection is reset, then every
 * 7th request that may be faulted is reset, every 17th answer stops halfway and every 23rd is a
 * 503 with Retry-After.
 * These are transient (the same request sent again within 1 s, as the client retries, gets
 * through): retried, they must leave a correct target with a PASS.
 */
describe('a correct target behind resets, cut bodies and 503 with Retry-After', () => {
  let server: ReferenceServer;
  let proxy: FaultProxy;
  let result: CliResult;
  const dir = tempDir('chaos-flaky');

  beforeAll(async () => {
    server = await startReferenceServer();
    // Transient: a request faulted a moment ago gets through when sent again. Tests run side by side,
    // so a retry is not the next arrival: without this its retries could meet the 7th and 17th again.
    // The schedule counts only the requests that may be faulted: counted over all arrivals, a run
    // that sends its few distinct URLs close together met the 17th and its multiples only inside
    // the windows of earlier faults, and no body was ever cut.
    const faultedAt = new Map<string, number>();
    let eligible = 0;
    proxy = await startFaultProxy(server.baseUrl, (req, n): Fault => {
      const key = `${req.method} ${req.url}`;
      if (n > 1 && Date.now() - (faultedAt.get(key) ?? -Infinity) < 1_000) return { kind: 'forward' };
      eligible += 1;
      const fault: Fault = n === 1 || eligible % 7 === 0 ? { kind: 'reset' } : eligible % 17 === 0 ? { kind: 'cut' } : eligible % 23 === 0 ? busy : { kind: 'forward' };
      if (fault.kind !== 'forward') faultedAt.set(key, Date.now());
      return fault;
    });
    result = await runCli(['run', '--no-html', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--max-requests', String(BUDGET), '--seed', '7', '--quiet', '--report-dir', dir], 100_000);
  }, 110_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('retries the transient faults and passes the correct target, the probe included', () => {
    expect(result.code, result.stdout + result.stderr).toBe(0);
    // The run met several of each fault (how many depends on which requests come when) and passed.
    expect(proxy.log.filter((r) => r.fault === 'reset').length).toBeGreaterThan(2);
    expect(proxy.log.filter((r) => r.fault === 'cut').length).toBeGreaterThan(0);
    const verdicts = [...ruleRows(dir).values()].map((r) => r.verdict);
    expect(verdicts).not.toContain('error');
    expect(verdicts).not.toContain('failed');
  });

  it('counts every attempt as a request of the run, within the budget', () => {
    const summary = readFileSync(join(dir, 'summary.txt'), 'utf8');
    const sent = Number(/requests sent (\d+)/.exec(summary)?.[1]);
    expect(sent).toBe(proxy.log.length);
    expect(sent).toBeLessThanOrEqual(BUDGET);
    expect(Number(/throttling answers waited out (\d+)/.exec(summary)?.[1])).toBe(proxy.log.filter((r) => r.fault === 'answer').length);
  });
});
