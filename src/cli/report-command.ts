import { parseOptions, type OptionTable } from '../config/options.ts';
import { RUN_OPTIONS } from '../config/parse-args.ts';
import { DEFAULTS } from '../config/run-config.ts';
import { buildReport, reportPaths } from '../report/build-report.ts';

export const REPORT_OPTIONS = { 'report-dir': RUN_OPTIONS['report-dir'] } as const satisfies OptionTable;

/** `ledger-conformance report`: rebuilds summary, rules.json and the HTML report from the last run. */
export async function reportCommand(argv: string[]): Promise<number> {
  const flags = parseOptions(argv, REPORT_OPTIONS, 'report').values;
  const dir = flags['--report-dir']?.at(-1) ?? DEFAULTS.reportDir;
  const { verdict, summary } = await buildReport(dir, { html: true });
  process.stdout.write(`${summary}\nHTML report: ${reportPaths(dir).html}/index.html\n`);
  return verdict.exitCode;
}
