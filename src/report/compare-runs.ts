import { ConfigError } from '../config/run-config.ts';
import type { RuleRow, RuleVerdict, RunVerdict } from './rule-verdicts.ts';

/** How a rule moved since the previous run; rules that did not move are not listed. */
export type RuleChange = 'new-failure' | 'fixed' | 'still-failing' | 'newly-not-evaluated' | 'newly-evaluated';

export const CHANGE_ORDER: RuleChange[] = ['new-failure', 'still-failing', 'fixed', 'newly-not-evaluated', 'newly-evaluated'];

export const CHANGE_WORDS: Record<RuleChange, string> = {
  'new-failure': 'new failures',
  'still-failing': 'still failing',
  fixed: 'fixed (failed before, held now)',
  'newly-not-evaluated': 'newly not evaluated (judged before, not now)',
  'newly-evaluated': 'newly evaluated (not judged before, judged now)',
};

/** One rule of the previous run, as its rules.json holds it. */
export interface PreviousRule {
  id: string;
  verdict: string;
  evaluated: boolean;
}

export interface PreviousRun {
  /** Where it was read from, as given to --compare-to. */
  source: string;
  outcome: string;
  rules: PreviousRule[];
}

export interface RunComparison {
  source: string;
  previousOutcome: string;
  changes: Array<{ rule: string; change: RuleChange; before: string; now: RuleVerdict }>;
  /** Why nothing could be compared (the previous run left no verdict). */
  note?: string;
}

/** The previous run from its rules.json (as `readReportJson` returns it); a document of another shape is a ConfigError. */
export function previousRun(source: string, doc: unknown): PreviousRun {
  const d = doc as { outcome?: unknown; rules?: unknown };
  if (!d || typeof d.outcome !== 'string' || !Array.isArray(d.rules)) throw new ConfigError(`--compare-to ${source} is not a report's rules.json (no outcome and rules)`);
  const rules = d.rules.map((r: { id?: unknown; verdict?: unknown; evaluations?: { held?: unknown; violated?: unknown } }, i) => {
    if (typeof r?.id !== 'string' || typeof r.verdict !== 'string') throw new ConfigError(`--compare-to ${source}: rule ${i + 1} has no id and verdict`);
    return { id: r.id, verdict: r.verdict, evaluated: Number(r.evaluations?.held ?? 0) + Number(r.evaluations?.violated ?? 0) > 0 };
  });
  return { source, outcome: d.outcome, rules };
}

const evaluated = (row: RuleRow) => row.evaluations.held + row.evaluations.violated > 0;
/** Held on this run's evidence: a known deviation is still violated, so it is not `fixed`. */
const holds = (row: RuleRow) => row.verdict === 'passed' || row.verdict === 'fixed';

/**
 * Per rule of this run, what changed since the previous one. A rule that failed before is `fixed`
 * only when it held now; one that is not judged now is `newly-not-evaluated`, never fixed. A rule
 * the previous run did not have counts as not judged there. The exit code is not touched: it stays
 * the verdict's.
 */
export function compareRuns(previous: PreviousRun, verdict: RunVerdict): RunComparison {
  const base = { source: previous.source, previousOutcome: previous.outcome };
  if (!['PASS', 'FAIL', 'INCOMPLETE'].includes(previous.outcome)) {
    return { ...base, changes: [], note: `the previous run ended ${previous.outcome} and left no verdict to compare with` };
  }
  const before = new Map(previous.rules.map((r) => [r.id, r]));
  const changes: RunComparison['changes'] = [];
  for (const row of verdict.rows) {
    const was = before.get(row.rule.id);
    const failedBefore = was?.verdict === 'failed';
    const failsNow = row.verdict === 'failed';
    const change: RuleChange | undefined = failsNow
      ? (failedBefore ? 'still-failing' : 'new-failure')
      : failedBefore
        ? (holds(row) ? 'fixed' : evaluated(row) ? undefined : 'newly-not-evaluated')
        : was?.evaluated && !evaluated(row)
          ? 'newly-not-evaluated'
          : !was?.evaluated && evaluated(row) ? 'newly-evaluated' : undefined;
    if (change) changes.push({ rule: row.rule.id, change, before: was?.verdict ?? 'not in that run', now: row.verdict });
  }
  return { ...base, changes };
}

/** The comparison as summary lines: one line per kind of change, the rules named. */
export function comparisonLines(c: RunComparison): string[] {
  const lines = [`Since the previous run (${c.source}, ${c.previousOutcome}):`];
  if (c.note) return [...lines, `  ${c.note}`];
  if (!c.changes.length) return [...lines, '  no rule changed'];
  for (const kind of CHANGE_ORDER) {
    const rules = c.changes.filter((x) => x.change === kind);
    if (rules.length) lines.push(`  ${CHANGE_WORDS[kind]} (${rules.length}): ${rules.map((r) => r.rule).join(', ')}`);
  }
  return lines;
}
