// The self-check in the HTML report: the score per interface, then every fault with the rules it
// names, the rules that caught it and a link to its run's own report.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SelfCheckReport } from '../cli/self-check-score.ts';
import { esc } from './rules-page.ts';

/** File name of the page beside the rules page (reports/html/). */
export const SELF_CHECK_PAGE = 'self-check.html';

const RESULT_COLOR: Record<string, string> = { caught: '#2e7d32', missed: '#c62828', 'other-rules': '#e65100', incomplete: '#e65100', error: '#6a1b9a', timeout: '#6a1b9a' };

function scoreCell(s: { faults: number; caught: number; score: number | null }): string {
  return s.score === null ? 'no faults run' : `${s.caught} / ${s.faults} (${s.score}%)`;
}

export function selfCheckPage(report: SelfCheckReport, htmlDir: string): string {
  const scores = [...report.scores.map((s) => `<tr><td>${esc(s.interface)}</td><td>${scoreCell(s)}</td></tr>`), `<tr><th>overall</th><th>${scoreCell(report.overall)}</th></tr>`];
  const rows = report.faults.map((r) => {
    const link = relative(htmlDir, join(r.reportDir, 'html', 'index.html'));
    return `<tr data-result="${esc(r.result)}"><td><a href="${esc(link)}">${esc(r.fault)}</a><div class="desc">${esc(r.description)}</div></td><td>${esc(r.interface)}</td>` +
      `<td><span class="badge" style="background:${RESULT_COLOR[r.result]}">${esc(r.result)}</span></td><td>${esc(r.expected.join(', '))}</td>` +
      `<td>${esc(r.caughtBy.join(', ') || '-')}${r.otherFailed.length ? `<div class="desc">also failed: ${esc(r.otherFailed.join(', '))}</div>` : ''}${r.note ? `<div class="desc">${esc(r.note)}</div>` : ''}</td><td>${(r.wallMs / 1000).toFixed(1)} s</td></tr>`;
  });
  const verdict = report.problems.length ? 'FAIL' : 'PASS';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ledger-conformance self-check: ${verdict}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1rem 1.5rem;color:#212121}
.outcome{font-size:1.6rem;font-weight:700;color:#fff;padding:.6rem 1rem;border-radius:6px}
table{border-collapse:collapse;margin:.6rem 0}td,th{border:1px solid #ddd;padding:.25rem .6rem;text-align:left;vertical-align:top}
.badge{color:#fff;font-size:.75rem;font-weight:700;padding:.1rem .45rem;border-radius:3px}.desc{color:#666;font-size:.85rem}.meta{color:#555;font-size:.9rem}
</style></head><body>
<div class="outcome" style="background:${verdict === 'PASS' ? '#2e7d32' : '#c62828'}">self-check ${verdict}</div>
${report.problems.length ? `<ul>${report.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>` : ''}
<p class="meta">A fault counts as caught only when its run failed on a contract rule the fault names. Started ${esc(report.startedAt)} · seed ${report.seed} · depth ${report.depth} · ${report.jobs} parallel run(s) · wall time ${(report.wallMs / 1000).toFixed(1)} s · <a href="index.html">rules page of the clean run</a></p>
<p>Clean reference (${esc(report.clean.only.join(', '))}): <b>${report.clean.passed ? 'PASS' : `NOT PASSED (exit ${report.clean.exitCode})`}</b> in ${(report.clean.wallMs / 1000).toFixed(1)} s</p>
<h2>Score</h2><table><tr><th>interface</th><th>faults caught</th></tr>${scores.join('')}</table>
<h2>Faults</h2><table><tr><th>fault</th><th>interface</th><th>result</th><th>expected rule(s)</th><th>caught by</th><th>time</th></tr>${rows.join('\n')}</table>
</body></html>
`;
}

/** Writes the page into the report directory's html/ folder. */
export function writeSelfCheckPage(reportDir: string, report: SelfCheckReport): void {
  const htmlDir = join(reportDir, 'html');
  mkdirSync(htmlDir, { recursive: true });
  writeFileSync(join(htmlDir, SELF_CHECK_PAGE), selfCheckPage(report, htmlDir));
}
