import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogue } from '../rules/catalogue.ts';
import { badgeSvg, badgeValue } from './badge.ts';
import { compareRuns, type PreviousRun } from './compare-runs.ts';
import { readTrend, withRun } from './trend.ts';
import { exchangeStats } from './exchange-stats.ts';
import { readDriftData, writeDriftReport } from '../drift/drift-report.ts';
import { driftOutcome } from '../drift/drift-outcome.ts';
import { readExpectationFiles, type Expectation } from './expectations.ts';
import { generateHtmlReport } from './html-report.ts';
import { writeHar } from './har.ts';
import { ruleVerdicts, type RunVerdict } from './rule-verdicts.ts';
import { junitFromVerdict } from './junit-rules.ts';
import { machineVerdict, type MachineVerdict } from './machine-verdict.ts';
import { rulesPage } from './rules-page.ts';
import { SELF_CHECK_PAGE } from './self-check-page.ts';
import { summaryText, type SummaryContext } from './summary-text.ts';
import { readTestOutcomes, ResultsError } from './test-outcomes.ts';
import { reportPaths } from './report-paths.ts';
import type { InterfaceName } from '../../specs/load-spec.ts';

export interface RunInfo {
  targets: Record<string, string>;
  only: InterfaceName[];
  /** As given: a 20-digit seed is text, since no number holds it exactly. */
  seed: number | string;
  depth: number;
  wallMs: number;
  expectationsFiles?: string[];
  /** The expectations as read when the run started: shards merged elsewhere need not find the file. */
  expectations?: Expectation[];
  shard?: string;
  profile?: string;
  /** Errors vitest caught outside any test (a rejected promise, a crashed worker): the run cannot pass. */
  unhandledErrors?: string[];
  /** --min-evaluated: the percentage of selected contract rules the run must have evaluated. */
  minEvaluated?: number;
}

/**
 * Turns a finished run's results into the evidence: per-rule verdicts (rules.json, junit.xml), the
 * text summary and the HTML report (the rules page, with the allure test tree below it). Returns the verdict.
 */
export interface ReportOptions {
  html: boolean;
  today?: string;
  /** --compare-to: the previous run, read before the run started. */
  previous?: PreviousRun;
  /** --history: the trend file this run is added to. */
  historyFile?: string;
}

export async function buildReport(reportDir: string, options: ReportOptions): Promise<{ verdict: RunVerdict; summary: string; machine: MachineVerdict }> {
  const paths = reportPaths(reportDir);
  if (!existsSync(paths.vitestJson) || !existsSync(paths.runInfo)) {
    throw new ResultsError(`no run results in ${paths.dir}: run "ledger-conformance run" first`);
  }
  const info = JSON.parse(readFileSync(paths.runInfo, 'utf8')) as RunInfo;
  const catalogue = loadCatalogue();
  const rules = [...catalogue.values()].filter((r) => info.only.includes(r.interface));
  const outcomes = readTestOutcomes(paths.vitestJson, process.cwd());
  for (const message of info.unhandledErrors ?? []) {
    outcomes.push({ file: '(vitest)', title: 'error outside any test', status: 'failed', rules: [], failureMessages: [message], durationMs: 0 });
  }
  const expectations = info.expectations ?? readExpectationFiles(info.expectationsFiles ?? [], new Set(catalogue.keys()));
  const drift = readDriftData(paths.dir);
  const driftFetch = driftOutcome(drift, expectations);
  if (driftFetch) outcomes.push(driftFetch);
  const verdict = ruleVerdicts(rules, outcomes, expectations, options.today ?? new Date().toISOString().slice(0, 10), {
    interfaces: info.only,
    ...(info.minEvaluated !== undefined ? { minEvaluated: info.minEvaluated } : {}),
  });
  const ctx: SummaryContext = {
    targets: info.targets,
    seed: info.seed,
    depth: info.depth,
    wallMs: info.wallMs,
    stats: exchangeStats(paths.exchanges, paths.attempts),
    drift: drift && writeDriftReport(paths.dir, drift, verdict.rows),
    ...(options.previous ? { comparison: compareRuns(options.previous, verdict) } : {}),
  };
  const trend = options.historyFile ? withRun(readTrend(options.historyFile), verdict, new Date().toISOString()) : [];
  if (options.historyFile) writeFileSync(paths.history, JSON.stringify({ runs: trend }, null, 2));
  const summary = summaryText(verdict, outcomes, ctx);
  writeFileSync(paths.summary, summary);
  writeFileSync(paths.junit, junitFromVerdict(verdict, info.wallMs));
  const machine = machineVerdict(verdict, ctx);
  writeFileSync(paths.rules, JSON.stringify(machine, null, 2));
  writeFileSync(paths.badge, badgeSvg('conformance', badgeValue(verdict), verdict.outcome));
  writeHar(paths.exchanges, paths.har);
  if (options.html) {
    await generateHtmlReport(paths.allureResults, paths.htmlTests, 'ledger-conformance');
    const selfCheck = existsSync(join(paths.html, SELF_CHECK_PAGE)) ? { selfCheck: SELF_CHECK_PAGE } : {};
    writeFileSync(join(paths.html, 'index.html'), rulesPage(verdict, ctx, { tests: 'tests/index.html', exchanges: '../exchanges.har', ...selfCheck }, trend));
  }
  return { verdict, summary, machine };
}
