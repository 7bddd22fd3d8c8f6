import { DEFAULTS } from '../config/run-config.ts';
import { buildReport } from '../report/build-report.ts';
import { reportPaths } from '../report/report-paths.ts';
import { parseReportArgs } from './command-options.ts';
import { reportInputs } from './report-inputs.ts';
import type { CliIo } from './cli-io.ts';

/** `ledger-conformance report`: rebuilds summary, rules.json and the HTML report from the last run. */
export async function reportCommand(argv: string[], io: CliIo): Promise<number> {
  const flags = parseReportArgs(argv);
  const dir = flags['--report-dir']?.at(-1) ?? DEFAULTS.reportDir;
  const { verdict, summary } = await buildReport(dir, { html: true, ...(await reportInputs(flags, DEFAULTS)) });
  io.stdout.write(`${summary}\nHTML report: ${reportPaths(dir).html}/index.html\n`);
  return verdict.exitCode;
}
