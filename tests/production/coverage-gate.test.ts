// The coverage gate: a run that judged less than --min-evaluated (80%) of an interface's contract
// rules cannot claim PASS, and names what would judge more; rules a correct target may hold no data for (a quiet
// status page: no incident, no maintenance) are left out of the share, so such a page still passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { concurrencyLimit, readJson, runCli as runCliNow, startProxy, tempDir, type LoopbackProxy } from './cli-helpers.ts';
import { join } from 'node:path';

interface RulesJson {
  outcome: string;
  causes: string[];
  coverage: Array<{ interface: string; evaluated: number; total: number; leftOut: number }>;
}

const cliSlot = concurrencyLimit(2);
const runCli = (args: string[]) => cliSlot(() => runCliNow(args, 200_000));

/** Every incident and maintenance list emptied, the page all clear: a quiet night. */
function quiet(body: string): string {
  const doc = JSON.parse(body) as Record<string, unknown>;
  for (const key of ['incidents', 'scheduled_maintenances']) if (Array.isArray(doc[key])) doc[key] = [];
  if (doc.status && typeof doc.status === 'object') doc.status = { indicator: 'none', description: 'All Systems Operational' };
  if (Array.isArray(doc.components)) for (const c of doc.components as Array<Record<string, unknown>>) c.status = 'operational';
  return JSON.stringify(doc);
}

describe.concurrent('the coverage gate', { timeout: 240_000 }, () => {
  let server: ReferenceServer;
  let proxy: LoopbackProxy;
  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startProxy(server.baseUrl, { rewrite: (req, answer) => (req.url?.startsWith('/status/') && answer.status === 200 ? { ...answer, body: quiet(answer.body) } : answer) });
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('names --verify-samples as what would judge more of a verification run without samples', async () => {
    const strict = tempDir('gate-verify-100');
    const plain = tempDir('gate-verify');
    // Without samples a correct verifier is judged on every broken submission, enough for the default
    // share; what only a known deployed contract shows counts against it, and the gate says what to give.
    const [all, usual] = await Promise.all([
      runCli(['run', '--no-html', '--quiet', '--only', 'verify', '--verify-url', server.verifyUrl, '--seed', '3', '--depth', '3', '--min-evaluated', '100', '--report-dir', strict]),
      runCli(['run', '--no-html', '--quiet', '--only', 'verify', '--verify-url', server.verifyUrl, '--seed', '3', '--depth', '3', '--report-dir', plain]),
    ]);
    expect(all.code).toBe(3);
    expect(readJson<RulesJson>(join(strict, 'rules.json')).causes.join('\n')).toMatch(/verify: \d+ of 27 contract rules judged, \d+%, below --min-evaluated 100% .*give --verify-samples to judge more/);
    expect(usual.code, usual.stdout).toBe(0);
  });

  it('passes a quiet status page: the rules it holds no data for are left out of the share', async () => {
    const dir = tempDir('gate-quiet');
    const result = await runCli(['run', '--no-html', '--quiet', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--seed', '3', '--depth', '3', '--report-dir', dir]);
    const doc = readJson<RulesJson>(join(dir, 'rules.json'));
    expect(doc.coverage[0]!.leftOut, result.stdout).toBeGreaterThan(0);
    expect(result.code, result.stdout).toBe(0);
  });
});
