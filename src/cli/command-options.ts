// The options of the small commands, apart from the code that runs them: help and usage errors
// need only these tables, so a command's heavy imports load only when it runs.
import { parseOptions, type OptionSpec, type OptionTable } from '../config/options.ts';
import { RUN_OPTIONS } from '../config/parse-args.ts';

export const RULES_OPTIONS = {
  json: { type: 'boolean', help: 'the catalogue with tests and last verdicts as JSON' },
} as const satisfies OptionTable;

/** A run option as another command lists it: without the run's heading in --help. */
function ungrouped<T extends OptionSpec>({ group: _heading, ...spec }: T): Omit<T, 'group'> {
  return spec;
}

/** What a report is built against besides the run: the previous report and the trend so far. */
export const COMPARE_OPTIONS = { 'compare-to': ungrouped(RUN_OPTIONS['compare-to']), history: ungrouped(RUN_OPTIONS.history) } as const satisfies OptionTable;

export const REPORT_OPTIONS = { 'report-dir': ungrouped(RUN_OPTIONS['report-dir']), ...COMPARE_OPTIONS } as const satisfies OptionTable;

export const PROFILES_OPTIONS = {
  json: { type: 'boolean', help: 'the profiles as JSON' },
} as const satisfies OptionTable;

export const MERGE_REPORTS_OPTIONS = {
  into: { type: 'string', value: 'DIR', help: 'where the merged report goes' },
  ...COMPARE_OPTIONS,
} as const satisfies OptionTable;

/** The command lines of the small commands, as main.ts checks them before their code loads and as they read them. */
export const parseRulesArgs = (argv: string[]) => parseOptions(argv, RULES_OPTIONS, 'rules').values;
export const parseReportArgs = (argv: string[]) => parseOptions(argv, REPORT_OPTIONS, 'report').values;
export const parseProfilesArgs = (argv: string[]) => parseOptions(argv, PROFILES_OPTIONS, 'profiles').values;
/** merge-reports takes the shards' report directories after its options. */
export const parseMergeReportsArgs = (argv: string[]) => parseOptions(argv, MERGE_REPORTS_OPTIONS, 'merge-reports', { operands: true });
