import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/**
 * The run's attempt log: one epoch-ms line per request that left, throttled retries, the CLI's
 * probes and the --drift fetch included. Test files, the CLI and the report share it, so the
 * budget, the pace and the request count of a run are the real ones.
 */
export function readAttemptTimes(path: string): number[] {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map(Number) : [];
}

export function logAttempts(path: string, times: number[]): void {
  appendFileSync(path, times.map((t) => `${t}\n`).join(''));
}
