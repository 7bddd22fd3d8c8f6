/** What a check that could not judge knows about the data it missed. */
export interface AbsenceOptions {
  /**
   * A correct target may well hold none of it (no open incident tonight, no failed transaction on a
   * young ledger): the rules it left unjudged are listed, and left out of the coverage share.
   */
  mayLack?: boolean;
}

/** Thrown to end a check that has nothing to work on: reported as skipped with the reason, never as passed. */
export class SkipCheck extends Error {
  override name = 'SkipCheck';
  constructor(message: string, readonly mayLack = false) {
    super(message);
  }
}

export function skipBecause(reason: string, options: AbsenceOptions = {}): never {
  throw new SkipCheck(reason, Boolean(options.mayLack));
}
