/** Thrown to end a check that has nothing to work on: reported as skipped with the reason, never as passed. */
export class SkipCheck extends Error {
  override name = 'SkipCheck';
}

export function skipBecause(reason: string): never {
  throw new SkipCheck(reason);
}
