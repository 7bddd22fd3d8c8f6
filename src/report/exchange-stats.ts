import { existsSync, readFileSync } from 'node:fs';

export interface ExchangeStats {
  /** Requests sent, throttled attempts included. */
  requests: number;
  throttled: number;
  /** The most requests started within any one second of the run. */
  peakPerSecond: number;
  serverErrors: number;
}

/** Counts what the run's exchange log records (one JSON line per exchange). */
export function exchangeStats(path: string): ExchangeStats {
  if (!existsSync(path)) return { requests: 0, throttled: 0, peakPerSecond: 0, serverErrors: 0 };
  const starts: number[] = [];
  let throttled = 0;
  let serverErrors = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const ex = JSON.parse(line) as { startedAt: string; status: number; throttled: unknown[] };
    starts.push(Date.parse(ex.startedAt));
    throttled += ex.throttled.length;
    if (ex.status >= 500) serverErrors++;
  }
  starts.sort((a, b) => a - b);
  let peak = 0;
  for (let lo = 0, hi = 0; hi < starts.length; hi++) {
    while (starts[hi]! - starts[lo]! >= 1000) lo++;
    peak = Math.max(peak, hi - lo + 1);
  }
  return { requests: starts.length + throttled, throttled, peakPerSecond: peak, serverErrors };
}
