import type { RunOutcome } from './exit-codes.ts';
import type { RunVerdict } from './rule-verdicts.ts';

const COLOR: Record<RunOutcome, string> = { PASS: '#4c1', FAIL: '#e05d44', INCOMPLETE: '#fe7d37' };

// Widths (px) of Verdana at 11px, the badge font; characters not listed count as a wide letter.
const NARROW: Record<string, number> = { ' ': 3.9, '/': 4.9, '.': 3.9, ',': 3.9, ':': 4.4, i: 3.1, l: 3.1, j: 3.4, f: 3.9, t: 4.3, r: 4.7, I: 4.3, '(': 4.5, ')': 4.5, '-': 4.5 };
const WIDE: Record<string, number> = { m: 10.7, w: 9, M: 9.8, W: 11, '%': 11.8 };

function textWidth(text: string): number {
  let w = 0;
  for (const c of text) w += NARROW[c] ?? WIDE[c] ?? (/[0-9a-z]/.test(c) ? 6.9 : 7.6);
  return Math.ceil(w);
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** What the badge says: the contract rules evaluated on a PASS, the failed ones on a FAIL. */
export function badgeValue(verdict: RunVerdict): string {
  if (verdict.outcome === 'FAIL') return `${verdict.rows.filter((r) => r.verdict === 'failed').length} failed`;
  if (verdict.outcome === 'INCOMPLETE') return 'incomplete';
  const evaluated = verdict.coverage.reduce((n, c) => n + c.evaluated, 0);
  const total = verdict.coverage.reduce((n, c) => n + c.total, 0);
  return `${evaluated}/${total} rules`;
}

/** The usual two-part flat badge ("conformance" | value), coloured by the run's verdict; no external font or script. */
export function badgeSvg(label: string, value: string, outcome: RunOutcome): string {
  const lw = textWidth(label) + 10;
  const vw = textWidth(value) + 10;
  const w = lw + vw;
  const title = xml(`${label}: ${value}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${title}">
<title>${title}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${COLOR[outcome]}"/><rect width="${w}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${lw / 2}" y="15" fill="#010101" fill-opacity=".3">${xml(label)}</text><text x="${lw / 2}" y="14">${xml(label)}</text>
<text x="${lw + vw / 2}" y="15" fill="#010101" fill-opacity=".3">${xml(value)}</text><text x="${lw + vw / 2}" y="14">${xml(value)}</text>
</g>
</svg>
`;
}
