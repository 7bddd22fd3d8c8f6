/**
 * What the CLI's exit code says. A run only ends PASS when it judged something on every selected
 * interface and nothing stopped its checks; FAIL is reserved for a contract rule the target broke.
 */
export const EXIT_CODES = {
  PASS: 0,
  FAIL: 1,
  /** Bad flags, files or targets: nothing was judged. */
  USAGE: 2,
  /** The run could not judge what it set out to (throttled, budget spent, unreachable, nothing evaluated). */
  INCOMPLETE: 3,
  /** A fault of the suite itself (a bug, not the user's input nor the target's answers): no verdict. */
  INTERNAL: 4,
  /** Stopped by a signal (Ctrl-C): whatever it left is marked INTERRUPTED. */
  INTERRUPTED: 130,
} as const;

export type RunOutcome = 'PASS' | 'FAIL' | 'INCOMPLETE';
