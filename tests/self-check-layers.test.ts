// The fault layers of the reference server: a fault changes the answer it names and nothing on a
// clean server; the CLI switches faults on for the embedded reference only, and the suites catch one.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { readJson, runCli, tempDir } from './production/cli-helpers.ts';

interface RulesJson {
  rules: Array<{ id: string; source: string; verdict: string }>;
}

describe('reference server layers', () => {
  let faulty: ReferenceServer;
  let clean: ReferenceServer;
  beforeAll(async () => {
    [faulty, clean] = await Promise.all([startReferenceServer({ faults: ['status-indicator-unknown'] }), startReferenceServer()]);
  });
  afterAll(async () => Promise.all([faulty?.close(), clean?.close()]));

  it('a fault changes the answer it names, with a body that matches its content-length; the clean server keeps the contract', async () => {
    const [bad, good] = await Promise.all([fetch(`${faulty.statusUrl}/status.json`), fetch(`${clean.statusUrl}/status.json`)]);
    const badText = await bad.text();
    expect(Number(bad.headers.get('content-length'))).toBe(Buffer.byteLength(badText));
    expect(JSON.parse(badText).status.indicator).toBe('unknown');
    expect(['none', 'minor', 'major', 'critical']).toContain(((await good.json()) as { status: { indicator: string } }).status.indicator);
  });

  it('a fault leaves the other interfaces alone', async () => {
    const [bad, good] = await Promise.all([fetch(`${faulty.baseUrl}/api/v1/schedules?limit=3`), fetch(`${clean.baseUrl}/api/v1/schedules?limit=3`)]);
    expect(await bad.text()).toBe(await good.text());
  });

  it('request hooks re-route a body-less request, answer in place of the handler, and see a parsed body', async () => {
    const server = await startReferenceServer({ faults: ['status-components-serves-incidents', 'schedules-post-served', 'contract-call-null-refused'] });
    try {
      const rerouted = (await (await fetch(`${server.statusUrl}/components.json`)).json()) as Record<string, unknown>;
      expect(Object.keys(rerouted)).toEqual(['page', 'incidents']);
      const post = await fetch(`${server.baseUrl}/api/v1/schedules`, { method: 'POST' });
      expect([post.status, await post.json()]).toEqual([200, { schedules: [], links: { next: null } }]);
      const call = await fetch(`${server.baseUrl}/api/v1/contracts/call`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: '0x0000000000000000000000000000000000000167', gas: null }),
      });
      expect([call.status, await call.json()]).toEqual([400, { _status: { messages: [{ message: 'Invalid parameter: gas' }] } }]);
      // A body too deep to serialize again (a robustness probe) still reaches the handler's own answer.
      const deep = await fetch(`${server.baseUrl}/api/v1/contracts/call`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"to":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      });
      expect(deep.status).toBe(400);
    } finally {
      await server.close();
    }
  });

  it('a contract-call layer meets only a body the route reads: one labelled otherwise is still answered 415', async () => {
    // The public service executes a call without `to` (a layer), but answers a text/plain body 415 first, as the route does.
    const server = await startReferenceServer({ behaviour: 'public', faults: ['contract-call-null-body-answered'] });
    try {
      const call = (contentType: string, body: string) => fetch(`${server.baseUrl}/api/v1/contracts/call`, { method: 'POST', headers: { 'content-type': contentType }, body });
      const answers = await Promise.all([call('application/json', '{}'), call('text/plain', '{}'), call('application/json; charset=utf-8', 'null'), call('text/plain', 'null')]);
      expect(answers.map((a) => a.status)).toEqual([200, 415, 200, 415]);
    } finally {
      await server.close();
    }
  });

  it('an unknown fault or behaviour name is an error naming the known ones', async () => {
    await expect(startReferenceServer({ faults: ['no-such-fault'] })).rejects.toThrow(/unknown fault "no-such-fault" \(known: .*status-indicator-unknown/);
    await expect(startReferenceServer({ behaviour: 'no-such-set' })).rejects.toThrow(/unknown behaviour "no-such-set"/);
  });
});

describe('ledger-conformance run --fault', () => {
  it('the status suite fails on the fault under the rule it names, and passes on the clean reference', { timeout: 300_000 }, async () => {
    const faultyDir = tempDir('fault');
    const cleanDir = tempDir('clean');
    const [faulty, clean] = await Promise.all([
      runCli(['run', '--no-html', '--only', 'status', '--quiet', '--report-dir', faultyDir, '--fault', 'status-indicator-unknown'], 290_000),
      runCli(['run', '--no-html', '--only', 'status', '--quiet', '--report-dir', cleanDir], 290_000),
    ]);
    expect(faulty.stdout).toContain('with fault status-indicator-unknown');
    expect(faulty.code).toBe(1);
    const failed = readJson<RulesJson>(join(faultyDir, 'rules.json')).rules.filter((r) => r.verdict === 'failed' && r.source === 'contract').map((r) => r.id);
    expect(failed).toContain('ST-3-indicator-enum');
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
  });

  it('refuses faults with a target URL and unknown names, with one line and exit 2', { timeout: 180_000 }, async () => {
    const [withTarget, unknown] = await Promise.all([
      // Report directories of their own: a refused run clears the verdict files of the one it was given.
      runCli(['run', '--only', 'status', '--status-url', 'http://127.0.0.1:9/api/v2', '--fault', 'status-indicator-unknown', '--report-dir', tempDir('fault-with-target')]),
      runCli(['run', '--only', 'status', '--fault', 'no-such-fault', '--report-dir', tempDir('unknown-fault')]),
    ]);
    expect(withTarget.code).toBe(2);
    expect(withTarget.stderr).toMatch(/--fault and --behave change the embedded reference server/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^ledger-conformance: unknown fault "no-such-fault"/);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });
});
