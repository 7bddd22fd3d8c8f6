import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { EXIT_CODES } from './exit-codes.ts';
import type { reportPaths } from './report-paths.ts';

type Paths = ReturnType<typeof reportPaths>;

/** Removes the previous run's verdict files, so a run that dies leaves no stale PASS behind. */
export function clearVerdictFiles(paths: Paths): void {
  for (const p of [paths.summary, paths.rules, paths.html, paths.runInfo]) rmSync(p, { recursive: true, force: true });
  mkdirSync(paths.dir, { recursive: true });
}

/**
 * On Ctrl-C or SIGTERM, leaves a summary and rules.json that say INTERRUPTED (and nothing else),
 * then exits with the interrupted code. Returns the function that removes the handlers.
 */
export function markInterruptedOnSignal(paths: Paths): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    const when = new Date().toISOString();
    writeFileSync(paths.summary, `ledger-conformance: INTERRUPTED (exit ${EXIT_CODES.INTERRUPTED})\n  stopped by ${signal} at ${when}: no verdict; run again for one\n`);
    writeFileSync(paths.rules, JSON.stringify({ outcome: 'INTERRUPTED', exitCode: EXIT_CODES.INTERRUPTED, causes: [`stopped by ${signal} at ${when}`], rules: [] }, null, 2));
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
