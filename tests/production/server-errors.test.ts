// Every 5xx is a finding of the interface's no-server-error rule, whatever other rule a check booked
// it under and whatever the request: a list's bracketed key, the CLI's start-up probe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { ruleRows, runCli, startProxy, tempDir, type LoopbackProxy } from './cli-helpers.ts';
import { runSuiteFile } from './suite-file.ts';

describe.concurrent('server errors', { timeout: 240_000 }, () => {
  let faulty: ReferenceServer;
  let clean: ReferenceServer;
  let proxy: LoopbackProxy;
  beforeAll(async () => {
    [faulty, clean] = await Promise.all([startReferenceServer({ faults: ['list-bracketed-keys-500'] }), startReferenceServer({ statusOnly: true })]);
    // The first request of the run is the CLI's probe: it alone gets the 500.
    proxy = await startProxy(clean.baseUrl, { intercept: (_req, n) => (n === 1 ? { status: 500, body: '{"error":"boom"}' } : undefined) });
  });
  afterAll(async () => {
    await proxy?.close();
    await Promise.all([faulty?.close(), clean?.close()]);
  });

  it('books a 500 to a bracketed key under LQ-7-no-server-error, although the bracketed-keys check booked it first', async () => {
    const evidence = await runSuiteFile('suites/ledger-query/robustness.test.ts', faulty.baseUrl);
    expect(evidence.get('LQ-7-bracketed-keys-400')?.violated).toBeGreaterThan(0);
    const serverError = evidence.get('LQ-7-no-server-error');
    expect(serverError?.violated).toBeGreaterThan(0);
    expect(serverError?.messages.join('\n')).toMatch(/answered 500/);
  });

  it('fails the run when the start-up probe is answered 500', async () => {
    const dir = tempDir('probe-500');
    const result = await runCli(['run', '--no-html', '--quiet', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--depth', '3', '--report-dir', dir]);
    expect(proxy.log[0]).toMatchObject({ url: '/status/api/v2/status.json', status: 500 });
    expect(result.code).toBe(1);
    const row = ruleRows(dir).get('ST-4.7-no-server-error');
    expect(row?.verdict).toBe('failed');
    expect(row?.tests.some((t) => t.status === 'failed')).toBe(true);
  });
});
