import type { ExchangeStats } from './exchange-stats.ts';
import { coverageShare, type RuleRow, type RuleVerdict, type RunVerdict } from './rule-verdicts.ts';
import type { TestOutcome } from './test-outcomes.ts';
import { comparisonLines, type RunComparison } from './compare-runs.ts';

export interface SummaryContext {
  targets: Record<string, string>;
  seed: number | string;
  depth: number;
  wallMs: number;
  stats: ExchangeStats;
  /** One line about spec drift when the run compared the target's published document. */
  drift?: string;
  /** What changed since the run given to --compare-to. */
  comparison?: RunComparison;
}

export const VERDICT_ORDER: RuleVerdict[] = ['failed', 'error', 'not-evaluated', 'known-deviation', 'fixed', 'deviates', 'passed', 'skipped', 'uncovered'];

function counts(row: RuleRow): string {
  const e = row.evaluations;
  return `held ${e.held}, violated ${e.violated}, over ${e.exchanges} exchange(s)`;
}

/** The short text a person reads first: the verdict and why, coverage per interface, then what needs attention. */
export function summaryText(verdict: RunVerdict, outcomes: TestOutcome[], ctx: SummaryContext): string {
  const lines: string[] = [];
  lines.push(`ledger-conformance: ${verdict.outcome} (exit ${verdict.exitCode})`);
  for (const cause of verdict.causes) lines.push(`  ${verdict.outcome === 'FAIL' ? 'also could not judge' : 'incomplete'}: ${cause}`);
  for (const [name, url] of Object.entries(ctx.targets)) lines.push(`  target ${name}: ${url}`);
  lines.push(`  seed ${ctx.seed} (replay with --seed ${ctx.seed}), depth ${ctx.depth}, wall time ${(ctx.wallMs / 1000).toFixed(1)} s`);
  lines.push(`  requests sent ${ctx.stats.requests}, peak ${ctx.stats.peakPerSecond}/s, throttling answers waited out ${ctx.stats.throttled}, 5xx answers ${ctx.stats.serverErrors}`);
  if (ctx.drift) lines.push(`  ${ctx.drift}`);
  if (ctx.comparison) lines.push('', ...comparisonLines(ctx.comparison));
  lines.push('');
  lines.push(`interface      contract rules evaluated   tests  passed  failed  skipped | rules: ${VERDICT_ORDER.join(' / ')}`);
  for (const c of verdict.coverage) {
    const tests = outcomes.filter((o) => o.file.includes(`suites/${c.interface}/`));
    const rows = verdict.rows.filter((r) => r.rule.interface === c.interface);
    const count = (s: string) => tests.filter((t) => t.status === s).length;
    const evaluated = `${c.evaluated}/${c.total}${c.leftOut ? ` -${c.leftOut} no data` : ''}${c.total ? ` (${coverageShare(c).toFixed(0)}%)` : ''}`;
    const perVerdict = VERDICT_ORDER.map((v) => rows.filter((r) => r.verdict === v).length).join(' / ');
    lines.push(`${c.interface.padEnd(14)} ${evaluated.padEnd(25)} ${String(tests.length).padStart(5)}  ${String(count('passed')).padStart(6)}  ${String(count('failed')).padStart(6)}  ${String(count('skipped')).padStart(7)} | ${perVerdict}`);
  }
  const section = (title: string, verdicts: RuleVerdict[], detail: 'failures' | 'reason' | 'none') => {
    const rows = verdict.rows.filter((r) => verdicts.includes(r.verdict));
    if (!rows.length) return;
    lines.push('', `${title} (${rows.length}):`);
    for (const row of rows) {
      lines.push(`  ${row.rule.id} [${row.rule.source}] ${row.rule.statement}`);
      if (row.expectation) {
        const when = row.expectationExpired ? `EXPIRED ${row.expectation.expires}, fails again` : `expires ${row.expectation.expires}`;
        const scope = [row.expectation.endpoint, row.expectation.input && `input /${row.expectation.input}/`, row.expectation.finding && `finding /${row.expectation.finding}/`].filter(Boolean).join(', ');
        lines.push(`    expectation${scope ? ` on ${scope}` : ''}: ${row.expectation.reason} (${when})`);
      }
      if (detail === 'failures') {
        lines.push(`    ${counts(row)}`);
        // The first violations point the reader at the failure, each with a command that repeats it.
        for (const v of row.violations.slice(0, 2)) {
          lines.push(...v.message.split('\n').slice(0, 3).map((l) => `    ${l}`));
          if (v.exchange) lines.push(`    reproduce: ${v.exchange.curl.length > 600 ? `${v.exchange.curl.slice(0, 600)}... (full command in the HTML report)` : v.exchange.curl}`);
        }
        if (row.violations.length > 2) lines.push(`    (${row.violations.length - 2} more violations of this rule in rules.json and the HTML report)`);
      }
      if (detail === 'reason' && row.reason) lines.push(`    ${row.reason}`);
    }
  };
  section('FAILED contract rules', ['failed'], 'failures');
  if (verdict.errors.length) {
    lines.push('', `ERRORS: tests that broke before judging (${verdict.errors.length}):`);
    for (const t of verdict.errors.slice(0, 20)) lines.push(`  ${t.title}`, `    ${(t.failureMessages[0] ?? '').split('\n')[0]}`);
  }
  section('Rules with errors (a test of them broke before judging)', ['error'], 'reason');
  section('Not evaluated (their tests ran or were stopped, but nothing judged them)', ['not-evaluated'], 'reason');
  section('Known deviations (violated only where the expectations file says)', ['known-deviation'], 'none');
  section('Fixed: held on the input the expectation describes, remove the expectation', ['fixed'], 'none');
  const unconfirmed = verdict.rows.filter((r) => r.expectationUnconfirmed);
  if (unconfirmed.length) {
    lines.push('', `Expectations not re-checked (the rule held, but not on the deviating input: cannot tell whether it is fixed) (${unconfirmed.length}):`);
    for (const r of unconfirmed) lines.push(`  ${r.rule.id}: ${r.expectation!.reason}`);
  }
  for (const e of verdict.expired) lines.push('', `Expired expectation (its failures count again): ${e.rule} expired ${e.expires}: ${e.reason}`);
  section('Observed rules the target deviates from (reported, not failing)', ['deviates'], 'failures');
  section('Skipped rules (nothing on the target to check them with)', ['skipped'], 'reason');
  const leftOut = verdict.rows.filter((r) => r.leftOut && r.rule.source === 'contract');
  if (leftOut.length) lines.push('', `Left out of the coverage share: the target holds no data for them (${leftOut.length}):`, ...leftOut.map((r) => `  ${r.rule.id}`));
  section('Uncovered rules (no test checks them)', ['uncovered'], 'none');
  return lines.join('\n') + '\n';
}
