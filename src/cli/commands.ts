import type { OptionTable } from '../config/options.ts';
import type { CliIo } from './cli-io.ts';
import { parseFlags, RUN_OPTIONS } from '../config/parse-args.ts';
import {
  MERGE_REPORTS_OPTIONS, PROFILES_OPTIONS, REPORT_OPTIONS, RULES_OPTIONS,
  parseMergeReportsArgs, parseProfilesArgs, parseReportArgs, parseRulesArgs,
} from './command-options.ts';
import { parseSelfCheckArgs, SELF_CHECK_OPTIONS } from './self-check-args.ts';

/** A sub-command: what runs it, how its command line is checked, and what its --help and the overview say. */
export interface Command {
  /** Loads the code that runs the command only when it runs: help and usage errors stay quick. */
  load: () => Promise<(argv: string[], io: CliIo) => Promise<number>>;
  /**
   * The command's own reading of its command line (it reads it again when it runs), light to load:
   * main.ts refuses a bad flag with it before load(), with the message and exit code the command would give.
   */
  check: (argv: string[]) => unknown;
  /** What follows the command name in its usage line. */
  synopsis: string;
  summary: string;
  options: OptionTable;
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  run: {
    load: async () => (await import('./run-command.ts')).runCommand,
    // Only the table: a value refused later (--timeout x) also clears the report directory's old verdict, which runCommand does.
    check: parseFlags,
    synopsis: '[options]',
    summary: 'run the suites, write reports/, exit 0 only on a PASS verdict',
    options: RUN_OPTIONS,
  },
  rules: {
    load: async () => (await import('./rules-command.ts')).rulesCommand,
    check: parseRulesArgs,
    synopsis: '[--json]',
    summary: 'list the rule catalogue with the tests that check each rule',
    options: RULES_OPTIONS,
  },
  report: {
    load: async () => (await import('./report-command.ts')).reportCommand,
    check: parseReportArgs,
    synopsis: '[--report-dir DIR] [--compare-to REPORT] [--history FILE]',
    summary: "rebuild summary and HTML report from the last run's results",
    options: REPORT_OPTIONS,
  },
  profiles: {
    load: async () => (await import('./profiles-command.ts')).profilesCommand,
    check: parseProfilesArgs,
    synopsis: '[--json]',
    summary: 'list the named targets of --profile',
    options: PROFILES_OPTIONS,
  },
  'merge-reports': {
    load: async () => (await import('./merge-reports-command.ts')).mergeReportsCommand,
    check: parseMergeReportsArgs,
    synopsis: '--into DIR [--compare-to REPORT] [--history FILE] SHARD_DIR...',
    summary: 'merge the reports of --shard runs into one report and verdict',
    options: MERGE_REPORTS_OPTIONS,
  },
  'self-check': {
    load: async () => (await import('./self-check-command.ts')).selfCheckCommand,
    // Its values too (--jobs, --min-score, --only, --seed): self-check has no report of its own to clear first.
    check: parseSelfCheckArgs,
    synopsis: '[--only NAME[,NAME]] [--faults A,B] [--jobs N] [--min-score P]',
    summary: 'run the suites against the clean reference and each named fault of it: which rule caught each fault, and the score',
    options: SELF_CHECK_OPTIONS,
  },
};
