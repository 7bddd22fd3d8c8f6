import { COMMANDS } from './commands.ts';
import { commandUsage, overviewUsage } from './usage.ts';
import { UsageError } from './usage-error.ts';
import { packageVersion } from './package-root.ts';

/** Known problems with the user's input end in one line and exit 2; they are not crashes. */
const USER_ERRORS = new Set(['ConfigError', 'UsageError', 'SpecError', 'CatalogueError', 'ExpectationsError', 'ResultsError', 'TargetUnreachable', 'KnownCallsError']);

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(overviewUsage(COMMANDS));
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-V') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(commandUsage(name, command));
    return 0;
  }
  return (await command.load())(rest);
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
