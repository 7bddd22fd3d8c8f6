// What the console shows during and after a run, read as a CI log does (not a terminal, NO_COLOR):
// a progress line per test file, no dots, the verdict summary last with a curl per failed contract
// rule, and that curl sends the failing request again and gets the answer the test got. The run
// leaves out the HTML report (--no-html), which `report` then builds from the same results.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { ROOT, filesUnder, runCli, startProxy, tempDir, type CliResult, type LoopbackProxy } from './production/cli-helpers.ts';

const run = promisify(execFile);

/** A status target that breaks one contract rule: status.json reports an indicator outside the contract's four. */
function breakIndicator(req: { url?: string }, answer: { status: number; body: string }) {
  if (!req.url?.endsWith('/status.json') || answer.status !== 200) return answer;
  const doc = JSON.parse(answer.body) as { status: { indicator: string } };
  doc.status.indicator = 'purple';
  return { ...answer, body: JSON.stringify(doc) };
}

describe('console output of a failing run', () => {
  let server: ReferenceServer;
  let proxy: LoopbackProxy;
  let result: CliResult;
  const reportDir = tempDir('console');

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startProxy(server.baseUrl, { rewrite: breakIndicator });
    result = await runCli(['run', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--no-html', '--report-dir', reportDir]);
  }, 170_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('prints one progress line per test file with the run totals, and no dots or colours', () => {
    expect(result.code).toBe(1);
    const files = readdirSync(join(ROOT, 'suites', 'status')).filter((f) => f.endsWith('.test.ts')).length;
    const progress = result.stdout.split('\n').filter((l) => new RegExp(`^(FAIL| ok ) \\[\\d+/${files}\\] suites/status/`).test(l));
    expect(progress).toHaveLength(files);
    expect(progress.at(-1)).toMatch(/^(FAIL| ok ) \[(\d+)\/\2\] .*: \d+ tests.* \| run: \d+ tests \([1-9]\d* failed, \d+ skipped\), [1-9]\d* requests, \dm\d\ds$/);
    expect(progress.filter((l) => l.startsWith('FAIL'))[0]).toMatch(/, [1-9]\d* failed \|/);
    expect(result.stdout).not.toMatch(/^[·.x*-]{3,}/m);
    expect(result.stdout).not.toContain('\u001b[');
    // Before the summary nothing else: no line of vitest's own (its JSON reporter's note among them).
    const beforeSummary = result.stdout.slice(0, result.stdout.indexOf('ledger-conformance: FAIL')).split('\n').filter((line) => line.trim() !== '');
    expect(beforeSummary).toEqual([expect.stringMatching(/^running \d+ test files; /), ...progress]);
  });

  it('prints the verdict summary last, with a curl for the failed contract rule', () => {
    const summaryAt = result.stdout.indexOf('ledger-conformance: FAIL');
    // After the last progress line, however many files there are (no line at all: -Infinity, a failure).
    const lastProgress = Math.max(...[...result.stdout.matchAll(/^(FAIL| ok ) \[\d+\/\d+\] /gm)].map((line) => line.index));
    expect(lastProgress).toBeGreaterThan(-1);
    expect(summaryAt).toBeGreaterThan(lastProgress);
    const failed = result.stdout.slice(result.stdout.indexOf('FAILED contract rules'));
    expect(failed).toMatch(/^ {2}ST-3-indicator-enum \[contract\]/m);
    expect(failed).toMatch(/reproduce: curl .*\/status\.json'/);
  });

  it('gives a curl that gets the failing answer again', async () => {
    const curl = /reproduce: (curl .*\/status\.json')/.exec(result.stdout)![1]!;
    const { stdout } = await run('sh', ['-c', curl]);
    expect(stdout).toMatch(/^HTTP\/1\.1 200/);
    expect(stdout).toContain('"indicator":"purple"');
  });

  it("leaves the failing test's reproduce.sh, which replays its requests from any directory and gets the failing answer again", async () => {
    const scripts = filesUnder(join(reportDir, 'reproducers')).filter((f) => f.endsWith('/reproduce.sh'));
    expect(scripts.length).toBeGreaterThan(0);
    const replays = await Promise.all(scripts.map((script) => run('sh', [script], { cwd: tmpdir() })));
    // The broken indicator comes back from the replay as the test saw it, with the same 200.
    const replay = replays.map((r) => r.stdout).find((out) => out.includes('"indicator":"purple"'));
    expect(replay).toMatch(/^HTTP\/1\.1 200/m);
  });

  it('with --no-html writes summary, JUnit and rules.json but no HTML; `report` builds it from the same results', async () => {
    expect(result.stdout).toMatch(/^reports: .*summary\.txt, .*junit\.xml, .*rules\.json$/m);
    expect(existsSync(join(reportDir, 'html'))).toBe(false);
    for (const file of ['summary.txt', 'junit.xml', 'rules.json']) expect(existsSync(join(reportDir, file)), file).toBe(true);
    const rebuilt = await runCli(['report', '--report-dir', reportDir]);
    expect(rebuilt.code).toBe(1);
    expect(readFileSync(join(reportDir, 'html', 'index.html'), 'utf8')).toContain('ST-3-indicator-enum');
    expect(existsSync(join(reportDir, 'html', 'tests', 'index.html'))).toBe(true);
    // The compiled writer (one bundled file) wrote the run's tests into the tree, the failed one among them.
    const tree = JSON.parse(readFileSync(join(reportDir, 'html', 'tests', 'summary.json'), 'utf8')) as { status: string; stats: { failed?: number; total: number } };
    expect(tree).toMatchObject({ status: 'failed', stats: { failed: expect.any(Number) } });
    expect(tree.stats.total).toBeGreaterThan(tree.stats.failed!);
  });
});
