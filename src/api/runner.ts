// The runner as a library (package export "ledger-conformance"): the same run as the CLI's `run`,
// and the report builder that turns a run's results into verdicts.
import { runCommand } from '../cli/run-command.ts';

/**
 * Runs the suites with the CLI's `run` arguments (`['--only', 'status', '--status-url', url]`),
 * writes the report directory and resolves to the exit code (0 pass, 1 fail, 2 usage error).
 * Bad arguments and unreachable targets reject with an error whose name says which.
 */
export function runConformance(args: string[] = []): Promise<number> {
  return runCommand(args);
}

export { buildReport, type RunInfo } from '../report/build-report.ts';
export { reportPaths } from '../report/report-paths.ts';
export type { RunVerdict } from '../report/rule-verdicts.ts';
