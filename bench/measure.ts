import { performance } from 'node:perf_hooks';

export interface Timing {
  runs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

/** Times `runs` sequential calls of `fn` (bounded by count, never by an open-ended loop). */
export async function timeRuns(runs: number, fn: (i: number) => Promise<unknown> | unknown): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { runs, medianMs: at(0.5), p95Ms: at(0.95), maxMs: samples[samples.length - 1]! };
}

export function formatTiming(name: string, t: Timing, units = 'calls'): string {
  const f = (n: number) => n.toFixed(n < 10 ? 2 : 0).padStart(8);
  return `${name.padEnd(44)} ${String(t.runs).padStart(5)} ${units.padEnd(8)}  median ${f(t.medianMs)} ms  p95 ${f(t.p95Ms)} ms  max ${f(t.maxMs)} ms`;
}
