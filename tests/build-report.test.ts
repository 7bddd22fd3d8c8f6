import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, type RunInfo } from '../src/report/build-report.ts';
import { reportPaths } from '../src/report/report-paths.ts';
import { testOutcome } from './support/outcome.ts';

function runDir(info: Partial<RunInfo>, status: 'passed' | 'failed'): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  const paths = reportPaths(dir);
  const rules = ['ST-9-base-path-api-v2'];
  writeFileSync(paths.vitestJson, JSON.stringify({
    testResults: [{
      name: join(process.cwd(), 'suites/status/x.test.ts'),
      assertionResults: [{
        fullName: 'x', title: 'x', status, failureMessages: status === 'failed' ? ['[ST-9-base-path-api-v2] broke'] : [],
        meta: { rules, conformance: testOutcome({ status, rules, evaluations: { [rules[0]!]: status === 'failed' ? [0, 1] : [1, 0] }, violations: status === 'failed' ? [{ rule: rules[0]! }] : [] }).meta },
      }],
    }],
  }));
  writeFileSync(paths.runInfo, JSON.stringify({ targets: { status: 'http://127.0.0.1:1/api/v2' }, only: ['status'], seed: 1, depth: 1, wallMs: 10, ...info }));
  return dir;
}

describe('report building', () => {
  it('passes a run whose contract checks passed and writes rules.json and the summary', async () => {
    const dir = runDir({}, 'passed');
    const { verdict, summary } = await buildReport(dir, { html: false });
    expect(verdict.exitCode).toBe(0);
    expect(summary).toMatch(/^ledger-conformance: PASS/);
    const rules = JSON.parse(readFileSync(reportPaths(dir).rules, 'utf8')).rules as Array<{ id: string; verdict: string }>;
    expect(rules.find((r) => r.id === 'ST-9-base-path-api-v2')?.verdict).toBe('passed');
    expect(rules.filter((r) => r.verdict === 'uncovered').length).toBeGreaterThan(0);
  });

  it('writes the exchange log as HAR 1.2: one entry per exchange, with its query, status, timing and throttling', async () => {
    const dir = runDir({}, 'passed');
    const paths = reportPaths(dir);
    const sent = [
      { method: 'GET', url: 'http://127.0.0.1:1/api/v2/status.json?limit=2&order=asc', status: 200, startedAt: '2026-11-24T05:00:00.000Z', durationMs: 12, throttled: [] },
      { method: 'POST', url: 'http://127.0.0.1:1/api/v2/x', status: 400, startedAt: '2026-11-24T05:00:01.000Z', durationMs: 30, throttled: [{ status: 429, waitedMs: 1000 }] },
    ];
    writeFileSync(paths.exchanges, sent.map((e) => `${JSON.stringify(e)}\n`).join(''));
    await buildReport(dir, { html: false });
    const { log } = JSON.parse(readFileSync(paths.har, 'utf8'));
    expect(log.version).toBe('1.2');
    expect(log.creator.name).toBe('ledger-conformance');
    expect(log.entries).toHaveLength(2);
    expect(log.entries[0]).toMatchObject({
      startedDateTime: '2026-11-24T05:00:00.000Z',
      time: 12,
      request: { method: 'GET', url: sent[0]!.url, queryString: [{ name: 'limit', value: '2' }, { name: 'order', value: 'asc' }], headers: [], cookies: [] },
      response: { status: 200, statusText: 'OK', content: { size: -1, mimeType: '' } },
      timings: { send: 0, wait: 12, receive: 0 },
    });
    expect(log.entries[0]._throttled).toBeUndefined();
    expect(log.entries[1]).toMatchObject({ response: { status: 400, statusText: 'Bad Request' }, _throttled: [{ status: 429, waitedMs: 1000 }] });
  });

  it('fails a run with a contract violation, naming the rule in the summary', async () => {
    const { verdict, summary } = await buildReport(runDir({}, 'failed'), { html: false });
    expect(verdict.exitCode).toBe(1);
    expect(summary).toContain('FAILED contract rules (1):\n  ST-9-base-path-api-v2');
  });

  it('cannot pass a run in which vitest caught an error outside any test, even if every test passed', async () => {
    const { verdict, summary } = await buildReport(runDir({ unhandledErrors: ['Error: worker crashed'] }, 'passed'), { html: false });
    expect(verdict).toMatchObject({ outcome: 'INCOMPLETE', exitCode: 3 });
    expect(summary).toContain('Error: worker crashed');
  });
});
