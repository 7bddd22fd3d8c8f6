import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TREND_RUNS, type TrendEntry } from '../../src/report/trend.ts';
import { readJson, runCli, tempDir, type CliResult } from './cli-helpers.ts';
import { readmeReportFiles } from '../support/readme-report-files.ts';

// Each fault breaks one status rule of its own (reference/faults/status-*.ts): the first run's server
// breaks the indicator enum and drops a document, the second's keeps the first fault and breaks the rollup.
const BOTH = 'status-indicator-unknown';
const FIRST_ONLY = 'status-active-document-missing';
const SECOND_ONLY = 'status-rollup-description-missing';
const run = (faults: string[], dir: string, extra: string[] = []) =>
  runCli(['run', '--only', 'status', '--fault', faults.join(','), '--quiet', '--seed', '5', '--depth', '4', '--report-dir', dir, ...extra], 170_000);

interface ComparedRules {
  outcome: string;
  exitCode: number;
  comparison: { source: string; previousOutcome: string; changes: Array<{ rule: string; change: string; before: string; now: string }> };
  rules: Array<{ id: string; verdict: string; change?: string }>;
}

describe('--compare-to: what changed since the previous run', { timeout: 400_000 }, () => {
  const first = tempDir('compare-first');
  const second = tempDir('compare-second');
  const history = join(tempDir('compare-history'), 'history.json');
  let result: CliResult;
  const earlier: TrendEntry[] = Array.from({ length: TREND_RUNS }, (_, i) => ({ at: `2026-10-${String(i + 1).padStart(2, '0')}T03:23:00Z`, outcome: 'PASS', interfaces: { status: { evaluated: 28, failed: 0, total: 28 } } }));

  beforeAll(async () => {
    const firstRun = await run([BOTH, FIRST_ONLY], first, ['--no-html']);
    expect(firstRun.code, firstRun.stdout + firstRun.stderr).toBe(1);
    writeFileSync(history, JSON.stringify({ runs: earlier }));
    result = await run([BOTH, SECOND_ONLY], second, ['--compare-to', first, '--history', history]);
  }, 400_000);

  const changed = (kind: string) => readJson<ComparedRules>(join(second, 'rules.json')).comparison.changes.filter((c) => c.change === kind).map((c) => c.rule);

  it('lists exactly the newly broken rule as a new failure, the repaired one as fixed, and keeps the exit code of the verdict', () => {
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(changed('new-failure')).toEqual(['ST-4.7-status-rollup']);
    expect(changed('fixed')).toEqual(['ST-4.7-eight-documents']);
    expect(changed('still-failing')).toEqual(['ST-3-indicator-enum']);
    const doc = readJson<ComparedRules>(join(second, 'rules.json'));
    expect(doc.comparison).toMatchObject({ source: first, previousOutcome: 'FAIL' });
    expect(doc.rules.find((r) => r.id === 'ST-4.7-status-rollup')).toMatchObject({ verdict: 'failed', change: 'new-failure' });
    expect(doc.rules.find((r) => r.id === 'ST-4.7-eight-documents')).toMatchObject({ verdict: 'passed', change: 'fixed' });
  });

  it('says so in summary.txt and at the top of the HTML page, before the failed rules', () => {
    const summary = readFileSync(join(second, 'summary.txt'), 'utf8');
    expect(summary).toContain(`Since the previous run (${first}, FAIL):`);
    expect(summary).toContain('  new failures (1): ST-4.7-status-rollup');
    expect(summary).toContain('  fixed (failed before, held now) (1): ST-4.7-eight-documents');
    expect(summary.indexOf('Since the previous run')).toBeLessThan(summary.indexOf('FAILED contract rules'));
    const page = readFileSync(join(second, 'html', 'index.html'), 'utf8');
    expect(page).toMatch(/<section id="comparison">[\s\S]*new failures \(1\):<\/b> <a href="#ST-4\.7-status-rollup">/);
    expect(page.indexOf('id="comparison"')).toBeLessThan(page.indexOf('class="rule'));
  });

  it('adds the run to the trend, keeps the last runs and draws them on the page', () => {
    const trend = readJson<{ runs: TrendEntry[] }>(join(second, 'history.json')).runs;
    expect(trend).toHaveLength(TREND_RUNS);
    expect(trend[0]).toEqual(earlier[1]);
    expect(trend.at(-1)).toMatchObject({ outcome: 'FAIL', interfaces: { status: { failed: 2, total: 28 } } });
    const page = readFileSync(join(second, 'html', 'index.html'), 'utf8');
    const svg = /<section id="trend">[\s\S]*?<\/section>/.exec(page)![0];
    expect(svg.match(/<g class="run">/g)).toHaveLength(TREND_RUNS);
    expect(svg).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  it('leaves only files the README\'s table of reports/ lists', () => {
    const listed = readmeReportFiles();
    for (const name of readdirSync(second)) {
      const shown = statSync(join(second, name)).isDirectory() ? `${name}/` : name;
      expect(listed.some((l) => l === shown || l.startsWith(shown) || (shown.endsWith('/') && l.startsWith(shown.slice(0, -1)))), shown).toBe(true);
    }
  });

  it('reads a published rules.json from a URL, and refuses an unreachable one with one line and exit 2', async () => {
    const published = readFileSync(join(first, 'rules.json'));
    const server = createServer((req, res) => (req.url === '/report/rules.json' ? res.writeHead(200, { 'content-type': 'application/json' }).end(published) : res.writeHead(404).end()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const again = await runCli(['report', '--report-dir', second, '--compare-to', `${base}/report/rules.json`]);
      expect(again.code, again.stderr).toBe(1);
      expect(again.stdout).toContain(`Since the previous run (${base}/report/rules.json, FAIL):`);
      expect(again.stdout).toContain('  new failures (1): ST-4.7-status-rollup');
      // The run's own bounds hold: an answer beyond --max-body-bytes is not read, and nothing is run.
      const big = await runCli(['run', '--only', 'status', '--max-body-bytes', '1000', '--report-dir', tempDir('compare-big'), '--compare-to', `${base}/report/rules.json`]);
      expect(big.code).toBe(2);
      expect(big.stderr).toMatch(/^ledger-conformance: --compare-to http:\S+ cannot be fetched: .*1000 bytes.*\n$/);
      expect(big.stdout).not.toMatch(/running against/);
      const missing = await runCli(['report', '--report-dir', second, '--compare-to', `${base}/nothing/rules.json`]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(`ledger-conformance: --compare-to ${base}/nothing/rules.json answered 404, not the report's rules.json\n`);
    } finally {
      server.close();
    }
    const down = await runCli(['report', '--report-dir', second, '--compare-to', 'http://127.0.0.1:1/rules.json']);
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/^ledger-conformance: --compare-to http:\/\/127\.0\.0\.1:1\/rules\.json cannot be fetched: .+\n$/);
  });
});
