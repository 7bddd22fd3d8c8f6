import { helpColumns, optionHelp } from '../config/options.ts';
import { RUN_OPTION_GROUPS, RUN_OPTIONS } from '../config/parse-args.ts';
import type { Command } from './commands.ts';

const PRODUCTION_SAFETY = `Production safety: a target that is not loopback (or any target with --treat-as-remote) gets only GET
requests, the two read-only POSTs of the query service (contract call, fee estimate) and verification
POSTs whose input the contract says must be rejected; any other request is refused before sending and
its test skipped with the reason. Checks that change state or load the target need --allow-writes.`;

const EXIT_CODES = `Verdicts and exit codes (a rule passes only when each of its clauses held on an answer that could have shown a violation, and none was violated):
  0    PASS        no contract rule failed, every selected interface had contract rules evaluated,
                   nothing stopped the checks (known deviations allowed; observed rules only reported)
  1    FAIL        a contract rule was violated (or an expectation expired while its rule still fails)
  2    usage or configuration error: bad flag, unknown profile, unreachable target, malformed
       expectations file, missing results for report/merge-reports (one message, no stack trace)
  3    INCOMPLETE  nothing failed, but the run could not judge everything it set out to: throttling,
                   the request budget, an unreachable target or a broken test stopped checks, an
                   interface had no contract rule evaluated, or less than --min-evaluated (default 80%)
                   of an interface's contract rules was judged (rules the target holds no data for left out)
  4    internal error: a fault of the suite itself, not of the input or the target (no verdict; please report it)
  130  INTERRUPTED stopped by Ctrl-C or SIGTERM; the report directory says INTERRUPTED, never an old verdict`;

/** The options of `run` with the production-safety rules between targets and run options. */
const RUN_DETAILS = [optionHelp(RUN_OPTIONS, RUN_OPTION_GROUPS.targets), PRODUCTION_SAFETY, optionHelp(RUN_OPTIONS, RUN_OPTION_GROUPS.run), EXIT_CODES].join('\n\n');

/** `ledger-conformance --help`: every command, then what `run` takes. */
export function overviewUsage(commands: Readonly<Record<string, Command>>): string {
  const lines: Array<[string, string]> = Object.entries(commands).map(([name, c]) => [`ledger-conformance ${name} ${c.synopsis}`, c.summary]);
  lines.push(['ledger-conformance COMMAND --help', "one command's usage and options"], ['ledger-conformance --help', ''], ['ledger-conformance --version', '']);
  const list = helpColumns(lines, 34);
  return `ledger-conformance: contract conformance suite for the ledger query, status and verification interfaces

Usage:
${list}

${RUN_DETAILS}
`;
}

/** `ledger-conformance COMMAND --help`. */
export function commandUsage(name: string, command: Command): string {
  const details = name === 'run' ? RUN_DETAILS : optionHelp(command.options);
  return `Usage: ledger-conformance ${name} ${command.synopsis}\n\n${command.summary}\n\n${details}\n`;
}
