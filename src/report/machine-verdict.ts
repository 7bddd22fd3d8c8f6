import type { ExchangeStats } from './exchange-stats.ts';
import type { RunVerdict } from './rule-verdicts.ts';
import type { SummaryContext } from './summary-text.ts';
import type { RunComparison } from './compare-runs.ts';

/** The verdict for programs (rules.json, `run --json`): outcome and why, coverage, and every rule's evidence. */
export interface MachineVerdict {
  outcome: RunVerdict['outcome'];
  exitCode: number;
  causes: string[];
  coverage: RunVerdict['coverage'];
  seed: string;
  wallMs: number;
  requests: ExchangeStats;
  /** With --compare-to: the previous run and every rule that changed since. */
  comparison?: RunComparison;
  rules: Array<Record<string, unknown>>;
}

export function machineVerdict(verdict: RunVerdict, ctx: SummaryContext): MachineVerdict {
  const changeOf = new Map(ctx.comparison?.changes.map((c) => [c.rule, c.change]));
  return {
    outcome: verdict.outcome,
    exitCode: verdict.exitCode,
    causes: verdict.causes,
    coverage: verdict.coverage,
    seed: String(ctx.seed),
    wallMs: ctx.wallMs,
    requests: ctx.stats,
    ...(ctx.comparison ? { comparison: ctx.comparison } : {}),
    rules: verdict.rows.map((r) => ({
      ...r.rule,
      verdict: r.verdict,
      ...(r.reason ? { reason: r.reason } : {}),
      evaluations: r.evaluations,
      tests: r.tests,
      violations: r.violations,
      ...(r.expectation ? { expectation: r.expectation } : {}),
      ...(r.expectationExpired ? { expectationExpired: true } : {}),
      ...(r.expectationUnconfirmed ? { expectationUnconfirmed: true } : {}),
      ...(r.missingClauses ? { missingClauses: r.missingClauses } : {}),
      ...(r.leftOut ? { leftOut: true } : {}),
      ...(changeOf.has(r.rule.id) ? { change: changeOf.get(r.rule.id) } : {}),
    })),
  };
}
