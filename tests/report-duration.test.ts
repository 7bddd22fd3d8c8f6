// A report rebuilt later (`ledger-conformance report`) must show the run's own duration: the
// rebuild adds no results stamped with the time of the rebuild, and the pages read the run's wall time.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../src/report/build-report.ts';
import { reportPaths } from '../src/report/report-paths.ts';
import { testOutcome } from './support/outcome.ts';

const RUN_START = Date.parse('2026-01-02T03:04:05Z');
const RUN_MS = 54_000;

/** A finished 54 s run: its vitest results, run info and two allure results spanning the run. */
function finishedRun(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lc-duration-'));
  const paths = reportPaths(dir);
  const rules = ['ST-9-base-path-api-v2'];
  writeFileSync(paths.vitestJson, JSON.stringify({
    testResults: [{
      name: join(process.cwd(), 'suites/status/x.test.ts'),
      assertionResults: [{ fullName: 'x', title: 'x', status: 'passed', failureMessages: [], meta: { rules, conformance: testOutcome({ status: 'passed', rules, evaluations: { [rules[0]!]: [1, 0] } }).meta } }],
    }],
  }));
  writeFileSync(paths.runInfo, JSON.stringify({ targets: { status: 'http://127.0.0.1:1/api/v2' }, only: ['status'], seed: 1, depth: 1, wallMs: RUN_MS }));
  mkdirSync(paths.allureResults);
  for (const [uuid, start, stop] of [['a', RUN_START, RUN_START + 20_000], ['b', RUN_START + 20_000, RUN_START + RUN_MS]] as const) {
    writeFileSync(join(paths.allureResults, `${uuid}-result.json`), JSON.stringify({ uuid, historyId: uuid, name: uuid, status: 'passed', stage: 'finished', start, stop, labels: [], steps: [], attachments: [], parameters: [], links: [] }));
  }
  return dir;
}

function resultsSpan(dir: string): number {
  const results = readdirSync(dir).filter((n) => n.endsWith('-result.json')).map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as { start: number; stop: number });
  return Math.max(...results.map((r) => r.stop)) - Math.min(...results.map((r) => r.start));
}

describe('the duration of a rebuilt report', () => {
  it('stays the run\'s 54 s in the summary, the rules page and the test results', async () => {
    const dir = finishedRun();
    const paths = reportPaths(dir);
    for (let build = 0; build < 2; build++) {
      const { summary } = await buildReport(dir, { html: true });
      expect(summary).toContain('wall time 54.0 s');
    }
    expect(readFileSync(join(paths.html, 'index.html'), 'utf8')).toContain('wall time 54.0 s');
    expect(resultsSpan(paths.allureResults)).toBe(RUN_MS);
  }, 60_000);
});
