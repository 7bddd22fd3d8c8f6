import type { OptionTable } from '../config/options.ts';
import { RUN_OPTIONS } from '../config/parse-args.ts';
import { mergeReportsCommand, MERGE_REPORTS_OPTIONS } from './merge-reports-command.ts';
import { profilesCommand, PROFILES_OPTIONS } from './profiles-command.ts';
import { reportCommand, REPORT_OPTIONS } from './report-command.ts';
import { rulesCommand, RULES_OPTIONS } from './rules-command.ts';
import { runCommand } from './run-command.ts';
import { selfCheckCommand } from './self-check-command.ts';
import { SELF_CHECK_OPTIONS } from './self-check-args.ts';

/** A sub-command: what runs it, and what its --help and the overview say. */
export interface Command {
  run: (argv: string[]) => Promise<number>;
  /** What follows the command name in its usage line. */
  synopsis: string;
  summary: string;
  options: OptionTable;
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  run: { run: runCommand, synopsis: '[options]', summary: 'run the suites, write reports/, exit 0 only on a PASS verdict', options: RUN_OPTIONS },
  rules: { run: rulesCommand, synopsis: '[--json]', summary: 'list the rule catalogue with the tests that check each rule', options: RULES_OPTIONS },
  report: { run: reportCommand, synopsis: '[--report-dir DIR]', summary: "rebuild summary and HTML report from the last run's results", options: REPORT_OPTIONS },
  profiles: { run: profilesCommand, synopsis: '[--json]', summary: 'list the named targets of --profile', options: PROFILES_OPTIONS },
  'merge-reports': {
    run: mergeReportsCommand,
    synopsis: '--into DIR SHARD_DIR...',
    summary: 'merge the reports of --shard runs into one report and verdict',
    options: MERGE_REPORTS_OPTIONS,
  },
  'self-check': {
    run: selfCheckCommand,
    synopsis: '[--only NAME[,NAME]] [--faults A,B] [--jobs N] [--min-score P]',
    summary: 'run the suites against the clean reference and each named fault of it: which rule caught each fault, and the score',
    options: SELF_CHECK_OPTIONS,
  },
};
