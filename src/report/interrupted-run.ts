import { rmSync, writeFileSync } from 'node:fs';
import { EXIT_CODES } from './exit-codes.ts';
import { junitInterrupted } from './junit-rules.ts';
import type { reportPaths } from './report-paths.ts';

type Paths = ReturnType<typeof reportPaths>;

/** Removes the previous run's verdict files, so a run that dies or is refused leaves no stale PASS behind. */
export function clearVerdictFiles(paths: Paths): void {
  for (const p of [paths.summary, paths.rules, paths.junit, paths.badge, paths.html, paths.runInfo]) rmSync(p, { recursive: true, force: true });
}

/**
 * On Ctrl-C or SIGTERM, leaves a summary, rules.json and junit.xml that say INTERRUPTED (and nothing else),
 * then exits with the interrupted code. Returns the function that removes the handlers.
 */
export function markInterruptedOnSignal(paths: Paths): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    const when = new Date().toISOString();
    writeFileSync(paths.summary, `ledger-conformance: INTERRUPTED (exit ${EXIT_CODES.INTERRUPTED})\n  stopped by ${signal} at ${when}: no verdict; run again for one\n`);
    writeFileSync(paths.rules, JSON.stringify({ outcome: 'INTERRUPTED', exitCode: EXIT_CODES.INTERRUPTED, causes: [`stopped by ${signal} at ${when}`], rules: [] }, null, 2));
    writeFileSync(paths.junit, junitInterrupted(`stopped by ${signal} at ${when}`));
    process.stderr.write(`\nledger-conformance: INTERRUPTED by ${signal}; ${paths.summary} says so\n`);
    process.exit(EXIT_CODES.INTERRUPTED);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
