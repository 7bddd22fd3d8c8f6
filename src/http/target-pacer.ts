import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { TargetAbandoned } from './transport-faults.ts';

/** Attempts in a row (over all requests to a target) that may end in a transport fault before the run stops checking it. */
export const FAULTS_BEFORE_ABANDON = 4;
/** Gap between requests to a target right after its first throttling answer. */
const FIRST_GAP_MS = 50;
const MAX_GAP_MS = 5_000;
/** Answers in a row without throttling before the gap shrinks again. */
const SPEED_UP_AFTER = 5;

interface TargetPace {
  gapMs: number;
  next: number;
  pausedUntil: number;
  calm: number;
  faultsInRow: number;
  abandoned?: string;
}

export interface TargetPacer {
  /** Waits for the target's turn; throws TargetAbandoned once the run gave the target up. */
  wait(origin: string): Promise<void>;
  /** A throttling answer: pause the target for what it asked and space later requests wider. */
  throttled(origin: string, retryAfterMs: number): void;
  /** An answer came: the fault streak ends, and after enough calm answers the pace quickens. */
  answered(origin: string): void;
  /** An attempt ended in a transport fault (it may still be retried). */
  faulted(origin: string, message: string): void;
  /** Why the run gave the target up, if it did. */
  abandoned(origin: string): string | undefined;
}

/**
 * Adapts the pace of the run to each target (AIMD): a 429 or a 503 with Retry-After pauses that
 * target and doubles the gap between its requests, up to the wait it asked for; calm answers halve it back. Transport faults in
 * a row make the run give the target up. Faults and give-ups are kept in `faultLog` (when given) so
 * later test files of the run know them.
 */
export function createTargetPacer(faultLog?: string): TargetPacer {
  const paces = new Map<string, TargetPace>();
  const pace = (origin: string) => {
    let p = paces.get(origin);
    if (!p) paces.set(origin, (p = { gapMs: 0, next: 0, pausedUntil: 0, calm: 0, faultsInRow: 0 }));
    return p;
  };
  const record = (line: object) => {
    if (faultLog) appendFileSync(faultLog, `${JSON.stringify(line)}\n`);
  };
  const count = (origin: string, message: string) => {
    const p = pace(origin);
    p.faultsInRow += 1;
    if (p.faultsInRow >= FAULTS_BEFORE_ABANDON && !p.abandoned) {
      p.abandoned = `the run stopped checking ${origin} after ${p.faultsInRow} attempts in a row ended in transport faults (last: ${message})`;
    }
  };
  if (faultLog && existsSync(faultLog)) {
    for (const line of readFileSync(faultLog, 'utf8').split('\n').filter((l) => l.trim())) {
      const entry = JSON.parse(line) as { origin: string; fault?: string };
      if (entry.fault !== undefined) count(entry.origin, entry.fault);
      else pace(entry.origin).faultsInRow = 0;
    }
  }
  return {
    async wait(origin) {
      const p = pace(origin);
      if (p.abandoned) throw new TargetAbandoned(p.abandoned);
      const slot = Math.max(Date.now(), p.pausedUntil, p.next);
      p.next = slot + p.gapMs;
      if (slot > Date.now()) await new Promise((r) => setTimeout(r, slot - Date.now()));
    },
    throttled(origin, retryAfterMs) {
      const p = pace(origin);
      p.pausedUntil = Math.max(p.pausedUntil, Date.now() + retryAfterMs);
      // Never spaced wider than the target asked to wait: one asking for no wait is not slowed.
      p.gapMs = Math.min(MAX_GAP_MS, retryAfterMs, p.gapMs ? p.gapMs * 2 : FIRST_GAP_MS);
      p.calm = 0;
    },
    answered(origin) {
      const p = pace(origin);
      if (p.faultsInRow) record({ origin });
      p.faultsInRow = 0;
      if (!p.gapMs || ++p.calm < SPEED_UP_AFTER) return;
      p.calm = 0;
      p.gapMs = p.gapMs / 2 < FIRST_GAP_MS / 2 ? 0 : p.gapMs / 2;
    },
    faulted(origin, message) {
      record({ origin, fault: message });
      count(origin, message);
    },
    abandoned: (origin) => pace(origin).abandoned,
  };
}
