import type { RunOutcome } from './exit-codes.ts';
import type { RuleRow, RuleVerdict, RunVerdict } from './rule-verdicts.ts';
import { VERDICT_ORDER, type SummaryContext } from './summary-text.ts';
import { CHANGE_ORDER, CHANGE_WORDS, type RunComparison } from './compare-runs.ts';
import { trendSvg, type TrendEntry } from './trend.ts';
import { whatWouldJudge } from './what-would-judge.ts';

/** Where the page links to: the test tree (allure) and the exchanges (HAR), relative to the page. */
export interface RulesPageLinks {
  tests: string;
  exchanges: string;
  /** The self-check page (faults caught, score), when a self-check wrote one beside this page. */
  selfCheck?: string;
}

const VERDICT_LOOK: Record<RuleVerdict, { label: string; color: string }> = {
  failed: { label: 'FAILED', color: '#c62828' },
  error: { label: 'ERROR', color: '#ad1457' },
  'not-evaluated': { label: 'NOT EVALUATED', color: '#e65100' },
  'known-deviation': { label: 'KNOWN DEVIATION', color: '#6a1b9a' },
  fixed: { label: 'FIXED', color: '#1565c0' },
  deviates: { label: 'DEVIATES (observed)', color: '#8d6e63' },
  passed: { label: 'PASSED', color: '#2e7d32' },
  skipped: { label: 'SKIPPED', color: '#757575' },
  uncovered: { label: 'UNCOVERED', color: '#424242' },
};

const OUTCOME_COLOR: Record<RunOutcome, string> = { PASS: '#2e7d32', FAIL: '#c62828', INCOMPLETE: '#e65100' };

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters in all)` : text;
}

/** Sections as the contract numbers them: 2.5 before 4.1 before 4.10. */
function bySection(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

/** One rule; `lead` marks its copy in the opening causes: no anchor of its own, and for an unjudged rule what would judge it. */
function ruleEntry(row: RuleRow, lead = false): string {
  const look = VERDICT_LOOK[row.verdict];
  const e = row.evaluations;
  const parts = [
    lead ? `<div class="rule lead" data-verdict="${row.verdict}">` : `<div class="rule" data-verdict="${row.verdict}" id="${esc(row.rule.id)}">`,
    `<div class="head"><span class="badge" style="background:${look.color}">${look.label}</span>`,
    `<code class="id">${esc(row.rule.id)}</code><span class="source ${row.rule.source}">${row.rule.source}</span>`,
    `<span class="counts">held ${e.held} · violated ${e.violated} · ${e.exchanges} exchange(s) · ${row.tests.length} test(s)</span></div>`,
    `<div class="statement">${esc(row.rule.statement)}</div>`,
  ];
  if (row.reason && row.verdict !== 'uncovered') parts.push(`<div class="reason">${esc(row.reason)}</div>`);
  if (lead && !['failed', 'deviates'].includes(row.verdict)) parts.push(`<div class="judge">What would judge it: ${esc(whatWouldJudge(row))}</div>`);
  if (row.expectation) {
    const state = row.expectationExpired ? `expired ${row.expectation.expires}: fails again` : row.expectationUnconfirmed ? 'not re-checked on the deviating input: cannot tell whether it is fixed' : `expires ${row.expectation.expires}`;
    parts.push(`<div class="expectation">Expectation: ${esc(row.expectation.reason)} (${esc(state)})</div>`);
  }
  const first = row.violations[0];
  if (first) {
    parts.push(`<div class="violation"><div class="label">First violation</div><pre>${esc(clip(first.message, 4000))}</pre>`);
    if (first.exchange) parts.push(`<div class="label">Reproduce</div><pre class="curl">${esc(clip(first.exchange.curl, 4000))}</pre>`);
    if (row.violations.length > 1) parts.push(`<div class="more">${row.violations.length - 1} more violation(s) in rules.json</div>`);
    parts.push('</div>');
  }
  if (row.tests.length) {
    const items = row.tests.map((t) => `<li><span class="tstatus ${t.status}">${t.status}</span> ${esc(t.title)} <span class="file">${esc(t.file)}</span> <span class="tcounts">held ${t.held}, violated ${t.violated}</span>${t.reason ? ` <span class="treason">${esc(clip(t.reason, 300))}</span>` : ''}</li>`);
    parts.push(`<details class="tests"><summary>Tests that checked it</summary><ul>${items.join('')}</ul></details>`);
  }
  parts.push('</div>');
  return parts.join('');
}

/** What changed since the run given to --compare-to, each rule linked to its entry in the catalogue. */
function comparisonBox(c: RunComparison): string {
  const kinds = CHANGE_ORDER.map((kind) => [kind, c.changes.filter((x) => x.change === kind)] as const).filter(([, list]) => list.length);
  const body = c.note ? `<p>${esc(c.note)}</p>` : kinds.length
    ? `<ul>${kinds.map(([kind, list]) => `<li class="change ${kind}"><b>${esc(CHANGE_WORDS[kind])} (${list.length}):</b> ${list.map((x) => `<a href="#${esc(x.rule)}">${esc(x.rule)}</a>`).join(', ')}</li>`).join('')}</ul>`
    : '<p>no rule changed</p>';
  return `<section id="comparison"><h2>Since the previous run</h2><p class="meta">${esc(c.source)} ended ${esc(c.previousOutcome)}</p>${body}</section>`;
}

/** The trend of the last runs per interface: contract rules evaluated (grey) and failed (red). */
function trendBox(trend: TrendEntry[], interfaces: string[]): string {
  const rows = interfaces.map((name) => `<tr><td>${esc(name)}</td><td>${trendSvg(trend, name)}</td></tr>`).join('');
  return `<section id="trend"><h2>Trend over the last ${trend.length} run(s)</h2><p class="meta">per run, oldest first: contract rules evaluated (grey) and failed (red); hover a bar for its numbers</p><table>${rows}</table></section>`;
}

/**
 * The causes the page opens on. A FAIL: the failed contract rules, then the observed deviations. An
 * INCOMPLETE: the rules not judged, each with why and what would judge it. A PASS has none.
 */
function causesSection(verdict: RunVerdict): string {
  const of = (verdicts: RuleVerdict[], contractOnly: boolean) => verdict.rows.filter((r) => verdicts.includes(r.verdict) && (!contractOnly || r.rule.source === 'contract'));
  const block = (title: string, rows: RuleRow[]) => (rows.length ? `<h2>${esc(title)} (${rows.length})</h2>${rows.map((r) => ruleEntry(r, true)).join('')}` : '');
  if (verdict.outcome === 'FAIL') {
    return `<section id="causes">${block('Failed contract rules', of(['failed'], true))}${block('Observed deviations (reported, not failing)', of(['deviates'], false))}</section>`;
  }
  if (verdict.outcome === 'INCOMPLETE') {
    // The rules that make it incomplete, contract rules first.
    const unjudged = of(['error', 'not-evaluated'], false);
    const contract = unjudged.filter((r) => r.rule.source === 'contract');
    return `<section id="causes">${block('Not judged in this run', [...contract, ...unjudged.filter((r) => !contract.includes(r))])}</section>`;
  }
  return '';
}

/**
 * The HTML page a reader opens first: the run's verdict and why, what changed since the previous
 * run and the trend, then what broke (or what was not judged), then the catalogue: every rule
 * grouped by interface and contract section, with its verdict, evaluation counts and first violation
 * with a reproducer. The test tree (allure) stays one link away for digging.
 */
export function rulesPage(verdict: RunVerdict, ctx: SummaryContext, links: RulesPageLinks, trend: TrendEntry[] = []): string {
  const counts = VERDICT_ORDER.map((v) => [v, verdict.rows.filter((r) => r.verdict === v).length] as const).filter(([, n]) => n > 0);
  const filters = [`<button data-filter="all" class="active">all (${verdict.rows.length})</button>`,
    ...counts.map(([v, n]) => `<button data-filter="${v}" style="border-color:${VERDICT_LOOK[v].color}">${VERDICT_LOOK[v].label.toLowerCase()} (${n})</button>`)];
  const coverage = verdict.coverage.map((c) => `<tr><td>${esc(c.interface)}</td><td>${esc(ctx.targets[c.interface] ?? '')}</td><td>${c.evaluated} / ${c.total}</td></tr>`).join('');
  const interfaces = verdict.coverage.map((c) => {
    const rows = verdict.rows.filter((r) => r.rule.interface === c.interface);
    const sections = [...new Set(rows.map((r) => r.rule.section))].sort(bySection).map((section) => {
      const inSection = rows.filter((r) => r.rule.section === section);
      return `<section class="contract-section"><h3>Section ${esc(section)}</h3>${inSection.map((r) => ruleEntry(r)).join('')}</section>`;
    });
    return `<details class="interface" open><summary><h2>${esc(c.interface)}</h2> <span>${c.evaluated} of ${c.total} contract rules evaluated</span></summary>${sections.join('')}</details>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ledger-conformance: ${verdict.outcome}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 1.5rem;color:#212121}
.outcome{font-size:1.6rem;font-weight:700;color:#fff;padding:.6rem 1rem;border-radius:6px}
.causes li{color:#bf360c}.meta{color:#555;font-size:.9rem}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.25rem .6rem;text-align:left}
.filters button{margin:.2rem;padding:.25rem .6rem;border:2px solid #999;border-radius:4px;background:#fff;cursor:pointer}
.filters button.active{background:#eee;font-weight:700}
summary h2{display:inline;font-size:1.3rem}.interface{margin-top:1rem}
.rule{border:1px solid #ddd;border-radius:6px;padding:.5rem .7rem;margin:.4rem 0}
.head{display:flex;gap:.6rem;align-items:center;flex-wrap:wrap}.badge{color:#fff;font-size:.75rem;font-weight:700;padding:.1rem .45rem;border-radius:3px}
.source{font-size:.75rem;border:1px solid #999;border-radius:3px;padding:0 .3rem}.source.observed{color:#795548}
.counts{color:#555;font-size:.85rem;margin-left:auto}.statement{margin:.3rem 0}.reason,.expectation{font-size:.9rem;color:#5d4037}
pre{background:#f6f6f6;padding:.4rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:.8rem}
.label{font-size:.8rem;font-weight:700;margin-top:.3rem}.tests ul{font-size:.85rem}.file,.tcounts,.treason{color:#777}
.tstatus{font-weight:700}.tstatus.failed{color:#c62828}.tstatus.passed{color:#2e7d32}.tstatus.skipped{color:#757575}
.hidden{display:none}.judge{font-size:.9rem;color:#1a237e}.rule.lead{border-width:2px}
#causes h2,#comparison h2,#trend h2,#catalogue>h2{font-size:1.2rem;margin:1rem 0 .3rem}
.change.new-failure b{color:#c62828}.change.fixed b{color:#2e7d32}.change.newly-not-evaluated b{color:#e65100}
svg.trend{vertical-align:middle}
</style></head><body>
<div class="outcome" style="background:${OUTCOME_COLOR[verdict.outcome]}" id="outcome">${verdict.outcome} (exit ${verdict.exitCode})</div>
${verdict.causes.length ? `<ul class="causes">${verdict.causes.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>` : ''}
<p class="meta">seed ${esc(String(ctx.seed))} · depth ${ctx.depth} · wall time ${(ctx.wallMs / 1000).toFixed(1)} s · ${ctx.stats.requests} requests · peak ${ctx.stats.peakPerSecond}/s · ${ctx.stats.throttled} throttling answers waited out · ${ctx.stats.serverErrors} 5xx answers${ctx.drift ? ` · ${esc(ctx.drift)}` : ''}</p>
<p class="meta">Test tree with every request: <a href="${esc(links.tests)}">${esc(links.tests)}</a> · every exchange as HAR 1.2 (open it in a browser's devtools or an API client): <a href="${esc(links.exchanges)}">${esc(links.exchanges)}</a>${links.selfCheck ? ` · self-check (faults the suites catch): <a href="${esc(links.selfCheck)}">${esc(links.selfCheck)}</a>` : ''}</p>
<table><tr><th>interface</th><th>target</th><th>contract rules evaluated</th></tr>${coverage}</table>
${ctx.comparison ? comparisonBox(ctx.comparison) : ''}
${trend.length ? trendBox(trend, verdict.coverage.map((c) => c.interface)) : ''}
${causesSection(verdict)}
<section id="catalogue"><h2>All rules, by interface and contract section</h2>
<div class="filters">${filters.join('')} <span id="shown"></span></div>
${interfaces.join('\n')}
</section>
<script>
const buttons=[...document.querySelectorAll('.filters button')];
function show(filter){
  let n=0;
  for(const r of document.querySelectorAll('#catalogue .rule')){const on=filter==='all'||r.dataset.verdict===filter;r.classList.toggle('hidden',!on);if(on)n++;}
  for(const s of document.querySelectorAll('.contract-section'))s.classList.toggle('hidden',!s.querySelector('.rule:not(.hidden)'));
  for(const b of buttons)b.classList.toggle('active',b.dataset.filter===filter);
  document.getElementById('shown').textContent=n+' rule(s) shown';
}
for(const b of buttons)b.addEventListener('click',()=>show(b.dataset.filter));
show(location.hash.startsWith('#verdict=')?location.hash.slice(9):'all');
</script>
</body></html>
`;
}
