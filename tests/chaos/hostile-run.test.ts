import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { FAULTS_BEFORE_ABANDON } from '../../src/http/target-pacer.ts';
import { readJson, ruleRows, runCli, tempDir, type CliResult } from '../production/cli-helpers.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';

/**
 * A status target that answers the reachability probe and then only drips its answers, one byte a
 * second: no single read ever waits long, yet no answer ever ends. The run must stop checking it,
 * say so, and still write every report, in bounded time.
 */
describe('a target that answers the probe, then drips every answer one byte a second', () => {
  let server: ReferenceServer;
  let proxy: FaultProxy;
  let result: CliResult;
  let wallMs: number;
  const dir = tempDir('chaos-drip');

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startFaultProxy(server.baseUrl, (_req, n) => (n === 1 ? { kind: 'forward' } : { kind: 'drip', everyMs: 1_000 }));
    const started = Date.now();
    result = await runCli(['run', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--timeout', '700', '--seed', '3', '--quiet', '--report-dir', dir], 90_000);
    wallMs = Date.now() - started;
  }, 100_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('stops checking the target after repeated faults and ends INCOMPLETE naming it, in bounded time', () => {
    expect(result.code, result.stdout + result.stderr).toBe(3);
    expect(result.stdout).toMatch(/INCOMPLETE \(exit 3\)\n[\s\S]*incomplete: \d+ test\(s\) stopped before judging: the run stopped checking a target after repeated transport faults \(the run stopped checking http:\/\/127\.0\.0\.1:\d+ \([a-z-]+\) after 4 attempts in a row/);
    expect(wallMs).toBeLessThan(60_000);
    // The probe, then the faulted attempts before the run gave the target up (a few more were in flight at once).
    expect(proxy.log.length).toBeLessThanOrEqual(1 + 3 * FAULTS_BEFORE_ABANDON);
  });

  it('writes every report, and books the faults under no rule', () => {
    for (const file of ['summary.txt', 'rules.json', 'junit.xml', 'html/index.html', 'exchanges.jsonl']) expect(existsSync(join(dir, file)), file).toBe(true);
    const verdicts = [...ruleRows(dir).values()].map((r) => r.verdict);
    expect(verdicts).not.toContain('failed');
    expect(verdicts).not.toContain('error');
    const machine = readJson<{ outcome: string; causes: string[] }>(join(dir, 'rules.json'));
    expect(machine.outcome).toBe('INCOMPLETE');
    expect(machine.causes.join('\n')).toMatch(/stopped checking a target after repeated transport faults/);
    // Each request given up on is in the exchange log with what went wrong.
    const log = readFileSync(join(dir, 'exchanges.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { status: number; fault?: string });
    expect(log.filter((e) => e.status === 0 && /no complete answer within 700 ms|stopped checking/.test(e.fault ?? '')).length).toBeGreaterThan(0);
  });
});
