/**
 * The most arrivals within any one-second window, counted at the test's own server: kept apart from
 * the report's peakPerSecond (src/report/exchange-stats.ts), so the tests measure it independently.
 */
export function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let lo = 0, hi = 0; hi < sorted.length; hi++) {
    while (sorted[hi]! - sorted[lo]! >= 1000) lo++;
    most = Math.max(most, hi - lo + 1);
  }
  return most;
}
