import { THROTTLED_OUT_SKIP } from '../harness/conformance-meta.ts';
import type { ExchangeStats } from './exchange-stats.ts';
import type { RuleVerdict, RunVerdict } from './rule-verdicts.ts';
import type { TestOutcome } from './test-outcomes.ts';
import { INTERFACES } from '../spec/load-spec.ts';

export interface SummaryContext {
  targets: Record<string, string>;
  seed: number;
  depth: number;
  wallMs: number;
  stats: ExchangeStats;
  /** One line about spec drift when the run compared the target's published document. */
  drift?: string;
}

const ORDER: RuleVerdict[] = ['failed', 'error', 'known-deviation', 'fixed', 'deviates', 'passed', 'skipped', 'uncovered'];

/** The short text a person reads first: counts per interface, then what needs attention, with reproducers. */
export function summaryText(verdict: RunVerdict, outcomes: TestOutcome[], ctx: SummaryContext): string {
  const lines: string[] = [];
  lines.push(`ledger-conformance: ${verdict.exitCode === 0 ? 'PASS' : 'FAIL'} (exit ${verdict.exitCode})`);
  for (const [name, url] of Object.entries(ctx.targets)) lines.push(`  target ${name}: ${url}`);
  lines.push(`  seed ${ctx.seed} (replay with --seed ${ctx.seed}), depth ${ctx.depth}, wall time ${(ctx.wallMs / 1000).toFixed(1)} s`);
  // A request still throttled after its retries ends its test as skipped: say how often, next to the waits.
  const gaveUp = outcomes.filter((o) => o.meta?.skipReason?.startsWith(THROTTLED_OUT_SKIP)).length;
  lines.push(`  requests sent ${ctx.stats.requests}, peak ${ctx.stats.peakPerSecond}/s, throttling answers waited out ${ctx.stats.throttled}${gaveUp ? `, tests skipped because the target kept throttling ${gaveUp}` : ''}, 5xx answers ${ctx.stats.serverErrors}`);
  if (ctx.drift) lines.push(`  ${ctx.drift}`);
  lines.push('');
  lines.push('interface      tests  passed  failed  skipped | rules: ' + ORDER.join(' / '));
  for (const name of INTERFACES.filter((n) => n in ctx.targets)) {
    const tests = outcomes.filter((o) => o.file.includes(`suites/${name}/`));
    const rows = verdict.rows.filter((r) => r.rule.interface === name);
    const count = (s: string) => tests.filter((t) => t.status === s).length;
    const perVerdict = ORDER.map((v) => rows.filter((r) => r.verdict === v).length).join(' / ');
    lines.push(`${name.padEnd(14)} ${String(tests.length).padStart(5)}  ${String(count('passed')).padStart(6)}  ${String(count('failed')).padStart(6)}  ${String(count('skipped')).padStart(7)} | ${perVerdict}`);
  }
  const section = (title: string, verdicts: RuleVerdict[], withMessages: boolean) => {
    const rows = verdict.rows.filter((r) => verdicts.includes(r.verdict));
    if (!rows.length) return;
    lines.push('', `${title} (${rows.length}):`);
    for (const row of rows) {
      lines.push(`  ${row.rule.id} [${row.rule.source}] ${row.rule.statement}`);
      if (row.expectation) {
        const when = row.expectationExpired ? `EXPIRED ${row.expectation.expires}, fails again` : `expires ${row.expectation.expires}`;
        lines.push(`    expectation${row.expectation.endpoint ? ` on ${row.expectation.endpoint}` : ''}: ${row.expectation.reason} (${when})`);
      }
      // The first lines of a few messages point the reader at the failure; rules.json and the HTML report hold the rest.
      if (withMessages) for (const m of row.messages.slice(0, 3)) lines.push(...m.split('\n').slice(0, 4).map((l) => `    ${l}`));
      if (withMessages && row.messages.length > 3) lines.push(`    (${row.messages.length - 3} more failures of this rule in rules.json and the HTML report)`);
      if (row.verdict === 'skipped') {
        const reasons = [...new Set(row.tests.map((t) => t.reason).filter(Boolean))];
        if (reasons.length) lines.push(`    skipped: ${reasons.join('; ')}`);
      }
    }
  };
  section('FAILED contract rules', ['failed'], true);
  if (verdict.errors.length) {
    lines.push('', `ERRORS: tests that could not judge (${verdict.errors.length}):`);
    for (const t of verdict.errors.slice(0, 20)) lines.push(`  ${t.title}`, `    ${(t.failureMessages[0] ?? '').split('\n')[0]}`);
  }
  section('Known deviations (failing as the expectations file says)', ['known-deviation'], false);
  section('Fixed: expected to fail but held, remove the expectation', ['fixed'], false);
  for (const e of verdict.expired) lines.push('', `Expired expectation (its failures count again): ${e.rule} expired ${e.expires}: ${e.reason}`);
  section('Observed rules the target deviates from (reported, not failing)', ['deviates'], true);
  section('Skipped rules (no test could run)', ['skipped'], false);
  section('Uncovered rules (no test checks them)', ['uncovered'], false);
  return lines.join('\n') + '\n';
}
