/** One attempt that got no usable answer: when it left, how long it ran, what went wrong. */
export interface FailedAttempt {
  startedAt: string;
  durationMs: number;
  error: string;
}

/**
 * The target kept failing below HTTP (connection resets, answers that never finish, bodies cut
 * short or beyond the size cap) after the allowed retries: no answer to judge, and a fact about
 * the target, never a failure of whatever rule the check was after.
 */
export class TargetFault extends Error {
  override name = 'TargetFault';
  constructor(message: string, readonly attempts: FailedAttempt[]) {
    super(message);
  }
}

/** The run gave up on a target after repeated transport faults: later requests to it are not sent. */
export class TargetAbandoned extends Error {
  override name = 'TargetAbandoned';
}
