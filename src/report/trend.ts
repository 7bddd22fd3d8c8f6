import { existsSync, readFileSync } from 'node:fs';
import { ConfigError } from '../config/run-config.ts';
import type { RunOutcome } from './exit-codes.ts';
import type { RunVerdict } from './rule-verdicts.ts';

/** How many runs the trend keeps: about a month of nightly runs. */
export const TREND_RUNS = 30;

/** One run in the trend: per interface, its contract rules evaluated and failed out of the total. */
export interface TrendEntry {
  at: string;
  outcome: RunOutcome;
  interfaces: Record<string, { evaluated: number; failed: number; total: number }>;
}

/** The trend so far from --history FILE; a missing file is a trend not begun, a malformed one a ConfigError. */
export function readTrend(file: string): TrendEntry[] {
  if (!existsSync(file)) return [];
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`--history ${file} is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const runs = (doc as { runs?: unknown })?.runs;
  const valid = (e: unknown): e is TrendEntry => {
    const x = e as TrendEntry;
    return typeof x?.at === 'string' && typeof x.outcome === 'string' && typeof x.interfaces === 'object' && x.interfaces !== null
      && Object.values(x.interfaces).every((i) => [i?.evaluated, i?.failed, i?.total].every((n) => Number.isInteger(n) && n >= 0));
  };
  if (!Array.isArray(runs) || !runs.every(valid)) throw new ConfigError(`--history ${file} is not a history of runs ({"runs": [{at, outcome, interfaces}]})`);
  return runs;
}

/** The trend with this run added, the oldest dropped beyond TREND_RUNS. */
export function withRun(trend: TrendEntry[], verdict: RunVerdict, at: string): TrendEntry[] {
  const interfaces = Object.fromEntries(verdict.coverage.map((c) => {
    const failed = verdict.rows.filter((r) => r.rule.interface === c.interface && r.rule.source === 'contract' && r.verdict === 'failed').length;
    return [c.interface, { evaluated: c.evaluated, failed, total: c.total }];
  }));
  return [...trend, { at, outcome: verdict.outcome, interfaces }].slice(-TREND_RUNS);
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * One interface's trend as an inline SVG (no script, no external file): per run a grey bar of its
 * contract rules evaluated and a red one of those failed, on the scale of the largest total; each bar
 * says its numbers on hover. Runs without the interface leave a gap.
 */
export function trendSvg(trend: TrendEntry[], name: string): string {
  const bar = 14;
  const height = 60;
  const scale = Math.max(1, ...trend.map((t) => t.interfaces[name]?.total ?? 0));
  const bars = trend.map((t, i) => {
    const c = t.interfaces[name];
    if (!c) return '';
    const x = i * (bar + 4);
    const h = (n: number) => Math.round((height * n) / scale);
    const label = esc(`${t.at}: ${t.outcome}, ${c.evaluated} of ${c.total} contract rules evaluated, ${c.failed} failed`);
    return `<g class="run"><title>${label}</title><rect x="${x}" y="${height - h(c.evaluated)}" width="${bar}" height="${h(c.evaluated)}" fill="#9e9e9e"/>`
      + `<rect x="${x}" y="${height - h(c.failed)}" width="${bar}" height="${h(c.failed)}" fill="#c62828"/></g>`;
  });
  const width = Math.max(1, trend.length) * (bar + 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" class="trend" width="${width}" height="${height + 2}" role="img" aria-label="${esc(`${name}: contract rules evaluated and failed over the last ${trend.length} run(s)`)}">`
    + `<line x1="0" y1="${height + 1}" x2="${width}" y2="${height + 1}" stroke="#bbb"/>${bars.join('')}</svg>`;
}
