import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { readJson, ruleRows, runCli, tempDir, type CliResult } from '../production/cli-helpers.ts';
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy.ts';

const CAP = 100_000;
const BIG = '/status/api/v2/scheduled-maintenances.json';
const FAILING = '/status/api/v2/incidents/unresolved.json';
const CUT = '/status/api/v2/summary.json';
const HTML = '/status/api/v2/components.json';

/**
 * Answers that are wrong in shape rather than in content: one document far beyond the size cap,
 * one answered 500, one JSON document cut in half (well framed, so the transport cannot tell).
 * Each must be reported once, where it belongs, and none may break the harness.
 */
describe('a status target with an oversized document, a 500 and a document cut in half', () => {
  let server: ReferenceServer;
  let proxy: FaultProxy;
  let result: CliResult;
  const dir = tempDir('chaos-broken');

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startFaultProxy(server.baseUrl, (req): Fault => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === BIG) return { kind: 'forward', rewrite: (a) => ({ ...a, body: JSON.stringify({ ...JSON.parse(a.body), pad: 'x'.repeat(2 * CAP) }) }) };
      if (path === FAILING) return { kind: 'answer', answer: { status: 500, headers: {}, body: '{"error":"database on fire"}' } };
      if (path === HTML) return { kind: 'answer', answer: { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>maintenance</body></html>' } };
      if (path === CUT) return { kind: 'forward', rewrite: (a) => ({ ...a, body: a.body.slice(0, Math.floor(a.body.length / 2)) }) };
      return { kind: 'forward' };
    });
    result = await runCli(['run', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--max-body-bytes', String(CAP), '--seed', '9', '--quiet', '--report-dir', dir], 100_000);
  }, 110_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('fails the run on the 500 and reports the broken JSON, each under the rule it breaks, and breaks no test', () => {
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const rows = ruleRows(dir);
    const rules = readJson<{ rules: Array<{ id: string; verdict: string; violations: Array<{ message: string }> }> }>(join(dir, 'rules.json')).rules;
    // The 500 fails the rule of the document check that met it, and, as every 5xx does, the no-server-error rule.
    expect(rules.filter((r) => r.violations.some((v) => v.message.includes('unresolved.json') && v.message.includes('500'))).map((r) => [r.id, r.verdict]))
      .toEqual([['ST-4.7-eight-documents', 'failed'], ['ST-4.7-no-server-error', 'failed']]);
    // The cut document is blamed on the JSON rule alone (an observed rule: it deviates), never on the fields it lost.
    expect(rules.filter((r) => r.violations.some((v) => v.message.includes('summary.json'))).map((r) => [r.id, r.verdict])).toEqual([['ST-4.7-json-page-object', 'deviates']]);
    expect([...rows.values()].filter((r) => r.verdict === 'error').map((r) => r.id)).toEqual([]);
    expect(result.stdout + result.stderr).not.toMatch(/TypeError|internal error/);
  });

  it('reports the oversized answer as a target fault with its size, not as a failure of any rule', () => {
    const machine = readJson<{ causes: string[] }>(join(dir, 'rules.json'));
    expect(machine.causes.join('\n')).toMatch(/stopped before judging: the target gave no usable answer/);
    const log = readFileSync(join(dir, 'exchanges.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { url: string; status: number; fault?: string });
    const big = log.filter((e) => e.url.endsWith(BIG));
    expect(big.length).toBeGreaterThan(0);
    expect(big.every((e) => e.status === 0 && e.fault?.includes(`beyond the cap of ${CAP} bytes`))).toBe(true);
    const violated = [...ruleRows(dir).values()].filter((r) => r.verdict === 'failed').map((r) => r.id);
    const rulesJson = readFileSync(join(dir, 'rules.json'), 'utf8');
    for (const id of violated) expect(JSON.parse(rulesJson).rules.find((r: { id: string }) => r.id === id).violations.some((v: { message: string }) => v.message.includes('scheduled-maintenances.json'))).toBe(false);
  });
});
