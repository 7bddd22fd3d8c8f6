import { COMMANDS } from './commands.ts';
import { commandUsage, overviewUsage } from './usage.ts';
import { ConfigError } from '../config/run-config.ts';
import { errorExit } from './exit-on-error.ts';
import { packageVersion } from './package-root.ts';

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
  if (!command) throw new ConfigError(`unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(commandUsage(name, command));
    return 0;
  }
  // A refused flag ends here, before the command's heavy imports load.
  command.check(rest);
  return (await command.load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const { code, message } = errorExit(error, Boolean(process.env.DEBUG));
    process.stderr.write(message);
    process.exitCode = code;
  },
);
