import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { filesUnder, ruleRows, runCli, startProxy, tempDir, type CliResult, type LoopbackProxy } from './cli-helpers.ts';

const SECRET = 's3cr3t-token-4f9a';
const API_KEY = 'key-77b1-e0c2';

/**
 * A status target that breaks one contract rule for real: status.json reports an indicator outside
 * the contract's four. It also echoes the caller's credential into that document, as a careless
 * server might, so the redaction of evidence is put to the test.
 */
function breakIndicator(req: { url?: string; headers: Record<string, unknown> }, answer: { status: number; body: string }) {
  if (!req.url?.endsWith('/status.json') || answer.status !== 200) return answer;
  const doc = JSON.parse(answer.body) as { status: { indicator: string; description: string } };
  doc.status.indicator = 'purple';
  doc.status.description = `authorised as ${String(req.headers.authorization)}`;
  return { ...answer, body: JSON.stringify(doc) };
}

function expectationsFile(dir: string, entries: Array<Record<string, string>>): string {
  const path = join(dir, 'expectations.yaml');
  writeFileSync(path, `expectations:\n${entries.map((e) => Object.entries(e).map(([k, v], i) => `${i ? '    ' : '  - '}${k}: ${v}`).join('\n')).join('\n')}\n`);
  return path;
}

describe('known deviations from an expectations file, and secrets kept out of the evidence', () => {
  let server: ReferenceServer;
  let proxy: LoopbackProxy;
  const current = tempDir('expect-current');
  const expired = tempDir('expect-expired');
  let currentRun: CliResult;
  let expiredRun: CliResult;

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startProxy(server.baseUrl, { rewrite: breakIndicator });
    const common = ['run', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--treat-as-remote', '--rate', '200', '--seed', '11'];
    const currentFile = expectationsFile(current, [
      { rule: 'ST-3-indicator-enum', endpoint: 'GET /status.json', reason: 'status.json says purple', expires: '2099-12-31' },
      { rule: 'ST-4.7-eight-documents', reason: 'was missing documents once', expires: '2099-12-31' },
    ]);
    const expiredFile = expectationsFile(expired, [
      { rule: 'ST-3-indicator-enum', reason: 'status.json says purple', expires: '2020-01-31' },
      // Still current, but narrowed to another document: it must not cover the status.json failure.
      { rule: 'ST-3-indicator-enum', endpoint: 'GET /summary.json', reason: 'summary says purple', expires: '2099-12-31' },
    ]);
    [currentRun, expiredRun] = await Promise.all([
      runCli([...common, '--expectations', currentFile, '--report-dir', current, '--header', `Authorization: Bearer ${SECRET}`, '--header', `X-Api-Key: ${API_KEY}`]),
      runCli([...common, '--expectations', expiredFile, '--report-dir', expired]),
    ]);
  }, 170_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('reports the matching failure as a known deviation and passes the run', () => {
    expect(currentRun.code).toBe(0);
    const rows = ruleRows(current);
    expect(rows.get('ST-3-indicator-enum')).toMatchObject({ verdict: 'known-deviation', source: 'contract' });
    expect(readFileSync(join(current, 'summary.txt'), 'utf8')).toMatch(/Known deviations[^\n]*\(1\):\n {2}ST-3-indicator-enum[^\n]*\n {4}expectation on GET \/status\.json: status\.json says purple \(expires 2099-12-31\)/);
  });

  it('reports an expectation whose rule now holds as fixed, to be removed, without failing the run', () => {
    expect(ruleRows(current).get('ST-4.7-eight-documents')?.verdict).toBe('fixed');
    expect(readFileSync(join(current, 'summary.txt'), 'utf8')).toMatch(/Fixed: held on the input the expectation describes, remove the expectation \(1\):\n {2}ST-4\.7-eight-documents/);
  });

  it('fails the run again once the expectation has expired, and an expectation for another endpoint does not cover it', () => {
    expect(expiredRun.code).toBe(1);
    expect(ruleRows(expired).get('ST-3-indicator-enum')?.verdict).toBe('failed');
    const summary = readFileSync(join(expired, 'summary.txt'), 'utf8');
    expect(summary).toMatch(/FAILED contract rules[\s\S]*ST-3-indicator-enum[\s\S]*EXPIRED 2020-01-31, fails again/);
    expect(summary).toMatch(/Expired expectation \(its failures count again\): ST-3-indicator-enum expired 2020-01-31/);
  });

  it('sent the credentials to the target but wrote them nowhere under the report directory', () => {
    expect(proxy.log.some((e) => e.headers.authorization === `Bearer ${SECRET}` && e.headers['x-api-key'] === API_KEY)).toBe(true);
    const files = filesUnder(current);
    // The failure's evidence (answer bodies, curl reproducers) is there, with the echoed token masked.
    expect(files.some((f) => readFileSync(f, 'latin1').includes('authorised as <redacted>'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      expect(text.includes(SECRET), file).toBe(false);
      expect(text.includes(API_KEY), file).toBe(false);
    }
  });
});
