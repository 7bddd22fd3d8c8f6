import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { TargetAbandoned } from './transport-faults.ts';

/**
 * Attempts in a row (over all requests to a target, in the order they were sent) that may end in a
 * transport fault before the run stops checking it.
 */
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
  /** Tickets handed out so far: the order in which attempts to the target were sent. */
  sent: number;
  /** How each finished attempt ended, by ticket: a transport fault, an answer, or withdrawn (not sent). */
  ended: Map<number, 'fault' | 'answer' | 'withdrawn'>;
  /** Whether the fault log's last line for the target is a fault (an answer then ends its streak there). */
  faultLogged: boolean;
  abandoned?: string;
  /** Whether the target ever answered; until it has, one attempt goes at a time (the trial), when the pacer holds trials. */
  answeredOnce: boolean;
  /** Settles when the trial now out ends (answered, faulted or withdrawn). */
  trial?: { ended: Promise<void>; end(): void };
}

export interface TargetPacer {
  /**
   * Waits for the target's turn and gives the attempt its ticket (its place in the order attempts
   * to the target were sent); throws TargetAbandoned once the run gave the target up.
   */
  wait(target: string): Promise<number>;
  /** A throttling answer: pause the target for what it asked and space later requests wider. */
  throttled(target: string, retryAfterMs: number): void;
  /** The attempt with this ticket was answered; after enough calm answers the pace quickens. */
  answered(target: string, ticket: number): void;
  /** The attempt with this ticket ended in a transport fault (it may still be retried). */
  faulted(target: string, ticket: number, message: string): void;
  /** The attempt with this ticket did not leave after all (the run's budget was spent): its turn is given back. */
  withdrawn(target: string, ticket: number): void;
}

/**
 * Adapts the pace of the run to each target, i.e. each interface of a host (AIMD): a 429 or a 503
 * with Retry-After pauses that target and doubles the gap between its requests, up to the wait it
 * asked for; calm answers halve it back. With `trials`, until a target has answered once one attempt
 * to it goes at a time: a target that never answers meets one attempt after another until the run
 * gives it up, not every request the run's workers have ready at once (each attempt's outcome must
 * then be told: answered, faulted or withdrawn). Transport faults in a row, in the order the attempts
 * were sent, make the run give the target up (`abandoned` says why): attempts end out of that order
 * when several are out at once (a reset ends at once, an answer takes its time), and the faults of
 * a flaky network are not a dead target's as long as attempts sent between them are answered.
 * Faults are kept in `faultLog` (when given): a pacer started on that log knows them (the probes'
 * attempts, sent one at a time). A run has one pacer, shared by the tests of every worker: in its
 * coordinator (src/harness/run-coordinator.ts), or in the worker when one runs every file.
 */
export function createTargetPacer(faultLog?: string, { trials = false } = {}): TargetPacer & { abandoned(target: string): string | undefined } {
  const paces = new Map<string, TargetPace>();
  const pace = (target: string) => {
    let p = paces.get(target);
    if (!p) paces.set(target, (p = { gapMs: 0, next: 0, pausedUntil: 0, calm: 0, sent: 0, ended: new Map(), faultLogged: false, answeredOnce: false }));
    return p;
  };
  /** The faults in a row, in sending order, that the attempt with this ticket belongs to (withdrawn ones left out). */
  const streakAround = (p: TargetPace, ticket: number) => {
    let faults = 0;
    for (const step of [-1, 1]) {
      for (let t = ticket + (step < 0 ? 0 : 1); t >= 1 && t <= p.sent; t += step) {
        const how = p.ended.get(t);
        if (how === 'fault') faults += 1;
        else if (how !== 'withdrawn') break;
      }
    }
    return faults;
  };
  const endTrial = (p: TargetPace) => {
    const trial = p.trial;
    p.trial = undefined;
    trial?.end();
  };
  const record = (line: object) => {
    if (faultLog) appendFileSync(faultLog, `${JSON.stringify(line)}\n`);
  };
  const count = (target: string, ticket: number, message: string) => {
    const p = pace(target);
    p.ended.set(ticket, 'fault');
    const inRow = streakAround(p, ticket);
    if (inRow >= FAULTS_BEFORE_ABANDON && !p.abandoned) {
      p.abandoned = `the run stopped checking ${target} after ${inRow} attempts in a row ended in transport faults (last: ${message})`;
    }
  };
  // The log's lines are the attempts of an earlier stage, one after another: each takes the next ticket.
  if (faultLog && existsSync(faultLog)) {
    for (const line of readFileSync(faultLog, 'utf8').split('\n').filter((l) => l.trim())) {
      const entry = JSON.parse(line) as { target: string; fault?: string };
      const p = pace(entry.target);
      const ticket = ++p.sent;
      if (entry.fault !== undefined) count(entry.target, ticket, entry.fault);
      else p.ended.set(ticket, 'answer');
      p.faultLogged = entry.fault !== undefined;
    }
  }
  return {
    async wait(target) {
      const p = pace(target);
      while (p.trial) await p.trial.ended;
      if (p.abandoned) throw new TargetAbandoned(p.abandoned);
      if (trials && !p.answeredOnce) {
        let end = () => {};
        const ended = new Promise<void>((resolve) => (end = resolve));
        p.trial = { ended, end };
      }
      const slot = Math.max(Date.now(), p.pausedUntil, p.next);
      p.next = slot + p.gapMs;
      if (slot > Date.now()) await new Promise((r) => setTimeout(r, slot - Date.now()));
      return ++p.sent;
    },
    throttled(target, retryAfterMs) {
      const p = pace(target);
      const now = Date.now();
      // Answers to requests already in flight during a pause say nothing new: one widening per pause.
      const fresh = now >= p.pausedUntil;
      p.pausedUntil = Math.max(p.pausedUntil, now + retryAfterMs);
      // Never spaced wider than the target asked to wait: one asking for no wait is not slowed.
      if (fresh) p.gapMs = Math.min(MAX_GAP_MS, retryAfterMs, p.gapMs ? p.gapMs * 2 : FIRST_GAP_MS);
      p.calm = 0;
    },
    answered(target, ticket) {
      const p = pace(target);
      p.answeredOnce = true;
      endTrial(p);
      p.ended.set(ticket, 'answer');
      if (p.faultLogged) record({ target });
      p.faultLogged = false;
      if (!p.gapMs || ++p.calm < SPEED_UP_AFTER) return;
      p.calm = 0;
      p.gapMs = p.gapMs / 2 < FIRST_GAP_MS / 2 ? 0 : p.gapMs / 2;
    },
    faulted(target, ticket, message) {
      record({ target, fault: message });
      pace(target).faultLogged = true;
      count(target, ticket, message);
      endTrial(pace(target));
    },
    withdrawn(target, ticket) {
      const p = pace(target);
      p.ended.set(ticket, 'withdrawn');
      endTrial(p);
    },
    abandoned: (target) => pace(target).abandoned,
  };
}
