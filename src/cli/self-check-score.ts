// How a fault run is judged and how the judgements add up to the self-check's score. A fault counts
// as caught only when its run failed on a contract rule the fault names: a crash, a timeout, an
// INCOMPLETE run or a failure of some other rule is not a catch.
import type { InterfaceName } from '../../specs/load-spec.ts';
import type { ChildRunResult } from './self-check-run.ts';

export type FaultResult = 'caught' | 'missed' | 'other-rules' | 'incomplete' | 'error' | 'timeout';

export interface FaultRow {
  fault: string;
  interface: InterfaceName;
  description: string;
  expected: string[];
  result: FaultResult;
  /** Expected rules the run failed on. */
  caughtBy: string[];
  /** Contract rules the run failed on that the fault does not name. */
  otherFailed: string[];
  exitCode: number | null;
  wallMs: number;
  reportDir: string;
  /** For error and timeout: what the run last printed. */
  note?: string;
}

export interface InterfaceScore {
  interface: InterfaceName;
  faults: number;
  caught: number;
  /** Percentage caught, one decimal; null when no fault of the interface ran. */
  score: number | null;
}

export interface SelfCheckReport {
  startedAt: string;
  wallMs: number;
  seed: string;
  depth: number;
  jobs: number;
  /** The run of the selected interfaces against the clean reference: it must pass. */
  clean: { only: InterfaceName[]; exitCode: number | null; passed: boolean; wallMs: number; reportDir: string; failedContractRules: string[] };
  faults: FaultRow[];
  scores: InterfaceScore[];
  overall: { faults: number; caught: number; score: number | null };
  minScore?: number;
  /** Why the self-check fails, empty when it passes. */
  problems: string[];
}

/** Judges one fault run against the rules the fault names. */
export function judgeFault(expected: string[], run: ChildRunResult): Pick<FaultRow, 'result' | 'caughtBy' | 'otherFailed' | 'note'> {
  const caughtBy = run.failedContractRules.filter((id) => expected.includes(id));
  const otherFailed = run.failedContractRules.filter((id) => !expected.includes(id));
  if (run.timedOut) return { result: 'timeout', caughtBy: [], otherFailed: [], note: `stopped after ${Math.round(run.wallMs / 1000)} s` };
  if (caughtBy.length) return { result: 'caught', caughtBy, otherFailed };
  if (otherFailed.length) return { result: 'other-rules', caughtBy, otherFailed };
  if (run.exitCode === 0) return { result: 'missed', caughtBy, otherFailed };
  if (run.exitCode === 3) return { result: 'incomplete', caughtBy, otherFailed };
  return { result: 'error', caughtBy, otherFailed, note: run.errorTail || `exit ${run.exitCode}` };
}

function percent(caught: number, total: number): number | null {
  return total ? Math.round((caught / total) * 1000) / 10 : null;
}

export function scoreFaults(rows: FaultRow[], interfaces: InterfaceName[]): { scores: InterfaceScore[]; overall: SelfCheckReport['overall'] } {
  const scores = interfaces.map((name) => {
    const mine = rows.filter((r) => r.interface === name);
    const caught = mine.filter((r) => r.result === 'caught').length;
    return { interface: name, faults: mine.length, caught, score: percent(caught, mine.length) };
  });
  const caught = rows.filter((r) => r.result === 'caught').length;
  return { scores, overall: { faults: rows.length, caught, score: percent(caught, rows.length) } };
}

function scoreText(s: { faults: number; caught: number; score: number | null }): string {
  return s.score === null ? 'no faults run' : `${s.caught}/${s.faults} caught (${s.score}%)`;
}

/** The self-check as text: clean runs, one line per fault, the score per interface and overall. */
export function selfCheckText(report: SelfCheckReport): string {
  const lines = [`ledger-conformance self-check: ${report.problems.length ? 'FAIL' : 'PASS'}`];
  lines.push(`  seed ${report.seed}, depth ${report.depth}, ${report.jobs} parallel run(s), wall time ${(report.wallMs / 1000).toFixed(1)} s`, '');
  const c = report.clean;
  const cleanVerdict = c.passed ? 'PASS' : `NOT PASSED (exit ${c.exitCode})${c.failedContractRules.length ? `: ${c.failedContractRules.join(', ')}` : ''}`;
  lines.push(`clean reference (${c.only.join(', ')}; must pass): ${cleanVerdict}  ${(c.wallMs / 1000).toFixed(1)} s  -> ${c.reportDir}`);
  lines.push('');
  const width = Math.max(5, ...report.faults.map((r) => r.fault.length));
  lines.push(`${'fault'.padEnd(width)}  ${'result'.padEnd(11)} ${'time'.padStart(7)}  expected rule(s) -> caught by`);
  for (const r of report.faults) {
    const caught = r.caughtBy.length ? r.caughtBy.join(', ') : '-';
    const other = r.otherFailed.length ? `  (also failed: ${r.otherFailed.join(', ')})` : '';
    const note = r.note ? `  [${r.note.replace(/\s+/g, ' ').slice(0, 200)}]` : '';
    lines.push(`${r.fault.padEnd(width)}  ${r.result.padEnd(11)} ${`${(r.wallMs / 1000).toFixed(1)} s`.padStart(7)}  ${r.expected.join(', ')} -> ${caught}${other}${note}`);
  }
  lines.push('', 'score (faults caught by a rule they name):');
  for (const s of report.scores) lines.push(`  ${s.interface.padEnd(13)} ${scoreText(s)}`);
  lines.push(`  ${'overall'.padEnd(13)} ${scoreText(report.overall)}${report.minScore !== undefined ? `  (--min-score ${report.minScore}%)` : ''}`);
  const missed = report.faults.filter((r) => r.result !== 'caught');
  if (missed.length) {
    lines.push('', 'not caught (read the fault\'s report directory to see which checks ran on it):');
    for (const r of missed) lines.push(`  ${r.fault} [${r.result}]: ${r.description}  -> ${r.reportDir}`);
  }
  for (const p of report.problems) lines.push(`problem: ${p}`);
  return `${lines.join('\n')}\n`;
}
