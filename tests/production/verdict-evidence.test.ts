import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { concurrencyLimit, readJson, runCli as runCliNow, runCliProcess, spawnCli, startProxy, tempDir } from './cli-helpers.ts';

interface MachineVerdictJson {
  outcome: string;
  exitCode: number;
  causes: string[];
  coverage: Array<{ interface: string; evaluated: number; total: number }>;
  requests: { requests: number; throttled: number };
  rules: Array<{ id: string; verdict: string; evaluations: { held: number; violated: number; exchanges: number } }>;
}

// The describes below are independent (each its own target and report directories) and run side by
// side, their CLI runs three at a time.
const cliSlot = concurrencyLimit(3);
const runCli = (args: string[]) => cliSlot(() => runCliNow(args));

describe.concurrent('a run that could not judge never ends PASS', { timeout: 240_000 }, () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(async () => server?.close());

  it('calls a run whose budget ran out before any check INCOMPLETE (exit 3), not PASS', async () => {
    const dir = tempDir('budget');
    const result = await runCli(['run', '--no-html', '--only', 'ledger-query', '--base-url', server.baseUrl, '--max-requests', '1', '--report-dir', dir]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/ledger-conformance: INCOMPLETE \(exit 3\)/);
    // The start-up probe's answer is the only one judged: the gate names the share it reached.
    expect(result.stdout).toMatch(/incomplete: ledger-query: 1 of \d+ contract rules judged, \d+%, below --min-evaluated 80%/);
    expect(result.stdout).toMatch(/incomplete: \d+ test\(s\) stopped before judging: the request budget or time limit was spent/);
    const verdict = readJson<MachineVerdictJson>(join(dir, 'rules.json'));
    expect(verdict.outcome).toBe('INCOMPLETE');
    expect(verdict.coverage).toEqual([{ interface: 'ledger-query', evaluated: 1, total: expect.any(Number), leftOut: 0, uncovered: 0 }]);
    expect(verdict.rules.filter((r) => r.verdict === 'passed').map((r) => r.id)).toEqual(['LQ-7-no-server-error']);
  });

  it('prints the machine verdict with --json on stdout alone, people\'s output on stderr', async () => {
    const dir = tempDir('json');
    // A child: only there would a stray write to the process's own stdout show in what is parsed.
    const result = await cliSlot(() => runCliProcess(['run', '--no-html', '--only', 'status', '--status-url', server.statusUrl, '--seed', '3', '--depth', '3', '--json', '--report-dir', dir]));
    expect(result.code).toBe(0);
    const verdict = JSON.parse(result.stdout) as MachineVerdictJson;
    expect(verdict.outcome).toBe('PASS');
    expect(verdict.exitCode).toBe(0);
    expect(verdict.coverage[0]).toMatchObject({ interface: 'status' });
    expect(verdict.coverage[0]!.evaluated).toBeGreaterThan(0);
    // Passed rules rest on held evaluations over real exchanges.
    const passed = verdict.rules.filter((r) => r.verdict === 'passed');
    expect(passed.length).toBeGreaterThan(0);
    for (const r of passed) expect(r.evaluations.held, r.id).toBeGreaterThan(0);
    expect(passed.some((r) => r.evaluations.exchanges > 0)).toBe(true);
    expect(result.stderr).toMatch(/ledger-conformance: PASS \(exit 0\)/);
    expect(readJson<MachineVerdictJson>(join(dir, 'rules.json'))).toEqual(verdict);
  });
});

describe.concurrent('a target that throttles every request', { timeout: 240_000 }, () => {
  let target: ReturnType<typeof createServer>;
  let answered = 0;
  let url = '';
  beforeAll(async () => {
    // Any path, any time: 429 with a zero Retry-After, so waiting it out costs no time.
    target = createServer((req, res) => {
      answered++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end('{"message":"slow down"}');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/api/v2`;
  });
  afterAll(async () => new Promise<void>((r) => target.close(() => r())));

  it('ends INCOMPLETE, names throttling as the cause, judges no answer and counts every request it sent', async () => {
    const dir = tempDir('all-429');
    const result = await runCli(['run', '--no-html', '--only', 'status', '--status-url', url, '--seed', '3', '--depth', '3', '--report-dir', dir]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/incomplete: \d+ test\(s\) stopped before judging: the target kept throttling/);
    const verdict = readJson<MachineVerdictJson>(join(dir, 'rules.json'));
    // Only what needs no answer (the shape of the configured base URL) can pass; no answer was judged.
    for (const r of verdict.rules.filter((rule) => rule.verdict === 'passed')) expect(r.evaluations.exchanges, r.id).toBe(0);
    expect(verdict.requests.requests).toBe(answered);
  });
});

describe.concurrent('an interrupted run', () => {
  it('leaves no stale verdict: the report directory says INTERRUPTED and the exit code is 130', () => cliSlot(async () => {
    const dir = tempDir('interrupted');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'summary.txt'), 'ledger-conformance: PASS (exit 0)\n');
    writeFileSync(join(dir, 'rules.json'), '{"outcome":"PASS"}');
    writeFileSync(join(dir, 'junit.xml'), '<testsuites tests="1" failures="0" errors="0"><testsuite name="run"><testcase name="ledger-conformance verdict: PASS"/></testsuite></testsuites>\n');
    const child = spawnCli(['run', '--only', 'ledger-query', '--report-dir', dir]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => {
      // Interrupt once the suite is under way (the embedded reference has answered the probe).
      const poll = setInterval(() => {
        if (/running against the embedded reference/.test(stdout)) {
          clearInterval(poll);
          setTimeout(() => child.kill('SIGINT'), 3000);
        }
      }, 100);
      const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      child.on('close', (c) => {
        clearInterval(poll);
        clearTimeout(killer);
        resolve(c);
      });
    });
    expect(code, `${stdout}\n${stderr}`).toBe(130);
    expect(readFileSync(join(dir, 'summary.txt'), 'utf8')).toMatch(/^ledger-conformance: INTERRUPTED \(exit 130\)/);
    expect(readJson<{ outcome: string }>(join(dir, 'rules.json')).outcome).toBe('INTERRUPTED');
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testcase classname="run" name="ledger-conformance verdict: INTERRUPTED"[^>]*>\s*<error message="INTERRUPTED: stopped by SIGINT/);
    expect(junit).not.toContain('PASS');
    expect(existsSync(join(dir, 'html', 'index.html'))).toBe(false);
  }), 240_000);
});

describe.concurrent('what a check names but never judges', { timeout: 240_000 }, () => {
  let server: ReferenceServer;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    server = await startReferenceServer();
    // A quiet page: no incident and no maintenance in any document.
    proxy = await startProxy(server.baseUrl, {
      rewrite(_req, answer) {
        const doc = JSON.parse(answer.body) as Record<string, unknown>;
        for (const key of ['incidents', 'scheduled_maintenances']) if (Array.isArray(doc[key])) doc[key] = [];
        return { ...answer, body: JSON.stringify(doc) };
      },
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('reports rules whose only data was an empty list as not evaluated or skipped, never passed', async () => {
    const dir = tempDir('quiet-page');
    await runCli(['run', '--no-html', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--seed', '3', '--depth', '3', '--report-dir', dir]);
    const verdict = readJson<MachineVerdictJson>(join(dir, 'rules.json'));
    for (const id of ['ST-8-incidents-max-50', 'ST-8-maintenances-max-50', 'ST-3-incident-status-enum', 'ST-3-maintenance-status-enum', 'ST-4.7-incident-fields']) {
      const rule = verdict.rules.find((r) => r.id === id)!;
      expect(rule.evaluations.held, id).toBe(0);
      expect(['not-evaluated', 'skipped'], id).toContain(rule.verdict);
    }
  });
});
