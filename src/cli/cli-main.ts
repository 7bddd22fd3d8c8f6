import { COMMANDS } from './commands.ts';
import { commandUsage, overviewUsage } from './usage.ts';
import { ConfigError } from '../config/run-config.ts';
import { errorExit } from './exit-on-error.ts';
import { packageVersion } from './package-root.ts';
import type { CliIo } from './cli-io.ts';

/** `ledger-conformance ARGV`: what it prints goes to `io`, and it resolves to the exit code, errors included. */
export async function cliMain(argv: string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    const { code, message } = errorExit(error, Boolean(io.env.DEBUG));
    io.stderr.write(message);
    return code;
  }
}

async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(overviewUsage(COMMANDS));
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-V') {
    io.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new ConfigError(`unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(commandUsage(name, command));
    return 0;
  }
  // A refused flag ends here, before the command's heavy imports load.
  command.check(rest);
  return (await command.load())(rest, io);
}
