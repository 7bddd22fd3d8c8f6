import { EXIT_CODES } from '../report/exit-codes.ts';

/** Known problems with the user's input: one line and the usage exit code; they are not crashes. */
const USER_ERRORS = new Set(['ConfigError', 'SpecError', 'CatalogueError', 'ExpectationsError', 'ResultsError', 'TargetUnreachable', 'KnownCallsError']);

/**
 * What the CLI prints and exits with when a command throws: a user error is exit 2 with its
 * message; anything else is the suite's own fault, exit 4, so CI never reads a bug as a bad flag.
 */
export function errorExit(error: unknown, debug: boolean): { code: number; message: string } {
  const e = error as Error | undefined;
  const known = USER_ERRORS.has(e?.name ?? '');
  const text = `ledger-conformance: ${known ? '' : 'internal error (a fault of the suite, please report it): '}${e?.message ?? String(error)}\n`;
  return { code: known ? EXIT_CODES.USAGE : EXIT_CODES.INTERNAL, message: !known && debug ? `${text}${e?.stack}\n` : text };
}
