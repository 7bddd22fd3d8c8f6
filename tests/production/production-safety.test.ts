import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRunConfig, parseFlags } from '../../src/config/parse-args.ts';
import { guardRequest, RequestRefused } from '../../src/harness/request-guard.ts';
import { resolveConfig } from '../../src/harness/resolve-config.ts';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { peakPerSecond } from '../../src/report/exchange-stats.ts';
import { readJson, ruleRows, runCliProcess, tempDir, type CliResult } from './cli-helpers.ts';

describe('the request guard in front of the client', () => {
  const remote = { baseUrl: 'https://mirror.example', statusUrl: 'https://status.example/api/v2', verifyUrl: 'https://verify.example/server' };
  const config = (flags: string[], targets = remote) => resolveConfig(buildRunConfig(parseFlags(flags), {}), targets, { embedded: false });
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('lets GETs and the read-only POSTs through to a remote target', () => {
    const c = config([]);
    for (const req of [
      { method: 'GET', base: remote.baseUrl, url: '/api/v1/schedules' },
      { method: 'POST', base: remote.baseUrl, url: '/api/v1/contracts/call', body: {} },
      { method: 'POST', base: remote.baseUrl, url: '/api/v1/network/fees', body: 'x' },
      { method: 'GET', base: remote.statusUrl, url: '/summary.json' },
      { method: 'POST', base: remote.verifyUrl, url: '/v2/verify/296/0x0000000000000000000000000000000000000001', body: {} },
    ]) expect(refusal(() => guardRequest(c, req, false))).toBeUndefined();
  });

  it('refuses anything else before it is sent, unless the target is loopback or the test may write', () => {
    const c = config([]);
    const writesToRemote = [
      { method: 'DELETE', base: remote.baseUrl, url: '/api/v1/schedules' },
      { method: 'POST', base: remote.baseUrl, url: '/api/v1/schedules', body: {} },
      { method: 'PUT', base: remote.verifyUrl, url: '/v2/verify/296/0x0000000000000000000000000000000000000001', body: {} },
      { method: 'POST', base: remote.statusUrl, url: '/summary.json', body: {} },
      { method: 'GET', url: 'https://elsewhere.example/api/v1/schedules' },
    ];
    for (const req of writesToRemote) expect(refusal(() => guardRequest(c, req, false))).toBeInstanceOf(RequestRefused);
    expect(refusal(() => guardRequest(c, writesToRemote[1]!, true))).toBeUndefined();
    const loopback = { baseUrl: 'http://127.0.0.1:4000', statusUrl: 'http://127.0.0.1:4000/status/api/v2', verifyUrl: 'http://127.0.0.1:4000' };
    expect(refusal(() => guardRequest(config([], loopback), { method: 'DELETE', base: loopback.baseUrl, url: '/api/v1/schedules' }, false))).toBeUndefined();
    const forced = config(['--treat-as-remote'], loopback);
    expect(refusal(() => guardRequest(forced, { method: 'DELETE', base: loopback.baseUrl, url: '/api/v1/schedules' }, false))).toBeInstanceOf(RequestRefused);
    // One origin for all three interfaces (the reference server): a verification POST is still recognised as one.
    expect(refusal(() => guardRequest(forced, { method: 'POST', base: loopback.verifyUrl, url: '/v2/verify/296/0x0000000000000000000000000000000000000001' }, false))).toBeUndefined();
  });
});

describe('a verification run against a target treated as remote, without --allow-writes', () => {
  let server: ReferenceServer;
  let result: CliResult;
  const dir = tempDir('remote-verify');
  const rate = 8;
  const maxRequests = 40;

  beforeAll(async () => {
    server = await startReferenceServer();
    // A process of its own: the rate is measured at the server, whose arrival times the run's
    // coordinator would delay on this thread.
    result = await runCliProcess([
      'run', '--no-html', '--only', 'verify', '--verify-url', server.verifyUrl, '--treat-as-remote',
      '--rate', String(rate), '--max-requests', String(maxRequests), '--seed', '7', '--report-dir', dir,
    ]);
  }, 150_000);
  afterAll(() => server?.close());

  it('ends with a verdict, not a usage error: INCOMPLETE once the small budget is spent', () => {
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/incomplete: \d+ test\(s\) stopped before judging: the request budget or time limit was spent/);
    expect(result.stdout).toMatch(/production-safe mode for verify: read-only requests, at most 8 requests\/s, budget 40 requests/);
  });

  it('sends nothing that could change state: no accepted submission, no duplicate, no burst into throttling', () => {
    expect(server.requestLog.length).toBeGreaterThan(0);
    for (const entry of server.requestLog) {
      expect(['GET', 'POST']).toContain(entry.method);
      if (entry.method === 'POST') expect(entry.url).toMatch(/^\/v2\/verify\/[^/]*\/[^/]*$/);
      expect(entry.status, `${entry.method} ${entry.url}`).not.toBe(202);
      expect([409, 429]).not.toContain(entry.status);
    }
  });

  it('reports the state-changing checks as skipped for want of --allow-writes', () => {
    const rows = [...ruleRows(dir).values()];
    const writeSkips = rows.flatMap((r) => r.tests).filter((t) => t.status === 'skipped' && /--allow-writes/.test(t.reason ?? ''));
    expect(writeSkips.length).toBeGreaterThan(0);
    expect(rows.find((r) => r.id === 'VF-7-already-verified-409')?.verdict).toBe('skipped');
  });

  it('keeps within the request budget and the rate, counted at the server', () => {
    expect(server.requestLog.length).toBeLessThanOrEqual(maxRequests);
    expect(peakPerSecond(server.requestLog.map((e) => e.at))).toBeLessThanOrEqual(rate + 1);
  });

  it('states in the summary exactly the requests the server saw and a peak within the rate', () => {
    const stats = readJson<{ requests: { requests: number; peakPerSecond: number } }>(join(dir, 'rules.json')).requests;
    expect(stats.requests).toBe(server.requestLog.length);
    expect(stats.peakPerSecond).toBeLessThanOrEqual(rate + 1);
    expect(result.stdout).toContain(`requests sent ${server.requestLog.length}, peak ${stats.peakPerSecond}/s`);
  });
});
