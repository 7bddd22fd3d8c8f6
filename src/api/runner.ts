// The runner as a library (package export "ledger-conformance"): the same run as the CLI's `run`,
// and the report builder that turns a run's results into verdicts.
import { runCommand } from '../cli/run-command.ts';
import { processIo, type CliIo } from '../cli/cli-io.ts';

/**
 * Runs the suites with the CLI's `run` arguments (`['--only', 'status', '--status-url', url]`),
 * writes the report directory and resolves to the verdict's exit code: 0 PASS, 1 FAIL, 3 INCOMPLETE.
 * What the CLI ends with exit 2 (bad arguments, files or targets: ConfigError, ExpectationsError,
 * TargetUnreachable, ...) rejects with an error whose name says which; a fault of the suite (the
 * CLI's exit 4) rejects with any other error. A signal ends the process with 130, as the CLI does.
 * `io` replaces the process's stdout, stderr and environment (read for targets, headers and seed)
 * for this run: runs side by side in one process each keep their own.
 */
export function runConformance(args: string[] = [], io: Partial<CliIo> = {}): Promise<number> {
  return runCommand(args, { ...processIo(), ...io });
}

export { buildReport, type RunInfo } from '../report/build-report.ts';
export { reportPaths } from '../report/report-paths.ts';
export type { RunVerdict } from '../report/rule-verdicts.ts';
