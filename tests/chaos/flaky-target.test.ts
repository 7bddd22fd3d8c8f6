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
 * 11th request is reset, every 17th answer stops halfway and every 23rd is a 503 with Retry-After.
 * These are transient: retried, they must leave a correct target with a PASS.
 */
describe('a correct target behind resets, cut bodies and 503 with Retry-After', () => {
  let server: ReferenceServer;
  let proxy: FaultProxy;
  let result: CliResult;
  const dir = tempDir('chaos-flaky');

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startFaultProxy(server.baseUrl, (_req, n): Fault => {
      if (n === 1 || n % 11 === 0) return { kind: 'reset' };
      if (n % 17 === 0) return { kind: 'cut' };
      if (n % 23 === 0) return busy;
      return { kind: 'forward' };
    });
    result = await runCli(['run', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--max-requests', String(BUDGET), '--seed', '7', '--quiet', '--report-dir', dir], 100_000);
  }, 110_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('retries the transient faults and passes the correct target, the probe included', () => {
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(proxy.log.filter((r) => r.fault === 'reset').length).toBeGreaterThan(5);
    expect(proxy.log.filter((r) => r.fault === 'cut').length).toBeGreaterThan(3);
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
