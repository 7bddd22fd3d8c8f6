import { existsSync } from 'node:fs';
import { readAttemptTimes } from '../http/attempt-log.ts';
import { readExchangeLog } from '../http/exchange-log.ts';

export interface ExchangeStats {
  /** Requests sent, throttled attempts included. */
  requests: number;
  throttled: number;
  /** The most requests started within any one second of the run. */
  peakPerSecond: number;
  serverErrors: number;
}

/** The most of the given start times (epoch ms) that fall within any one second. */
export function peakPerSecond(starts: number[]): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let peak = 0;
  for (let lo = 0, hi = 0; hi < sorted.length; hi++) {
    while (sorted[hi]! - sorted[lo]! >= 1000) lo++;
    peak = Math.max(peak, hi - lo + 1);
  }
  return peak;
}

/**
 * Counts what the run's exchange log records (one JSON line per exchange). When the attempt log
 * exists (one epoch-ms line per request that left, throttled retries and probes included), the
 * request count and the peak rate come from it: the exchange log only dates the final attempts.
 */
export function exchangeStats(path: string, attemptsPath?: string): ExchangeStats {
  const starts: number[] = [];
  let throttled = 0;
  let serverErrors = 0;
  for (const ex of readExchangeLog(path)) {
    starts.push(Date.parse(ex.startedAt));
    throttled += ex.throttled.length;
    if (ex.status >= 500) serverErrors++;
  }
  if (attemptsPath && existsSync(attemptsPath)) {
    const attempts = readAttemptTimes(attemptsPath);
    return { requests: attempts.length, throttled, peakPerSecond: peakPerSecond(attempts), serverErrors };
  }
  return { requests: starts.length + throttled, throttled, peakPerSecond: peakPerSecond(starts), serverErrors };
}
