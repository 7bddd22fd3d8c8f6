import { USAGE } from './usage.ts';
import { runCommand } from './run-command.ts';
import { rulesCommand } from './rules-command.ts';
import { reportCommand } from './report-command.ts';
import { profilesCommand } from './profiles-command.ts';
import { mergeReportsCommand } from './merge-reports-command.ts';
import { selfCheckCommand } from './self-check-command.ts';
import { UsageError } from './usage-error.ts';
import { packageVersion } from './package-root.ts';

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  run: runCommand,
  rules: rulesCommand,
  report: reportCommand,
  profiles: profilesCommand,
  'merge-reports': mergeReportsCommand,
  'self-check': selfCheckCommand,
};

/** Known problems with the user's input end in one line and exit 2; they are not crashes. */
const USER_ERRORS = new Set(['ConfigError', 'UsageError', 'SpecError', 'CatalogueError', 'ExpectationsError', 'ResultsError', 'TargetUnreachable']);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  if (command === '--version' || command === '-V') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const handler = COMMANDS[command];
  if (!handler) throw new UsageError(`unknown command "${command}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  return handler(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    const known = USER_ERRORS.has(error?.name);
    process.stderr.write(`ledger-conformance: ${known ? '' : 'internal error: '}${error?.message ?? String(error)}\n`);
    if (!known && process.env.DEBUG) process.stderr.write(`${error?.stack}\n`);
    process.exitCode = 2;
  },
);
