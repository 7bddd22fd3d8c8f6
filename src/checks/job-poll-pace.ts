// How often the suite asks a verifier about a job. A distant target gets waits that double up to a
// second and a bounded count of polls; on loopback a poll costs the target next to nothing, and
// waiting up to a second for a job that had ended after 150 ms was most of a verification run.

export interface JobPollPace {
  /** The wait after poll number `polls` (from 1) before the next one. */
  delayAfter(polls: number): number;
  /** A job followed this many polls, or this long, is left as still pending. */
  maxPolls: number;
  maxWaitMs: number;
  /** The wait before submitting again to an address whose job still runs. */
  resubmitMs: number;
}

const MAX_WAIT_MS = 30_000;
const LOOPBACK_POLL_MS = 100;

export function jobPollPace(loopback: boolean): JobPollPace {
  if (loopback) {
    return { delayAfter: () => LOOPBACK_POLL_MS, maxPolls: MAX_WAIT_MS / LOOPBACK_POLL_MS, maxWaitMs: MAX_WAIT_MS, resubmitMs: LOOPBACK_POLL_MS };
  }
  return { delayAfter: (polls) => Math.min(100 * 2 ** (polls - 1), 1000), maxPolls: 40, maxWaitMs: MAX_WAIT_MS, resubmitMs: 500 };
}
