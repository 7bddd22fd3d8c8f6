// `npm run serve`: starts the reference server on 127.0.0.1 and prints its three base URLs.
// Usage: tsx reference/main.ts [--port N]
import { startReferenceServer } from './server.ts';

const USAGE = 'usage: npm run serve -- [--port N]   (N: 0..65535, 0 or absent = any free port)';

function parsePort(args: string[]): number | string {
  let port = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const inline = /^--port=(.*)$/.exec(arg);
    if (arg === '--help' || arg === '-h') return USAGE;
    if (arg !== '--port' && !inline) return `unknown argument: ${arg}\n${USAGE}`;
    const value = inline ? inline[1]! : args[++i];
    if (value === undefined || !/^\d{1,5}$/.test(value) || Number(value) > 65_535) return `--port needs a number from 0 to 65535, got ${value ?? 'nothing'}\n${USAGE}`;
    port = Number(value);
  }
  return port;
}

async function main(): Promise<void> {
  const port = parsePort(process.argv.slice(2));
  if (typeof port === 'string') {
    const help = port === USAGE;
    (help ? process.stdout : process.stderr).write(`${port}\n`);
    process.exit(help ? 0 : 2);
  }
  const started = Date.now();
  let server;
  try {
    server = await startReferenceServer({ port });
  } catch (error) {
    process.stderr.write(`could not start the reference server: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `reference server ready in ${Date.now() - started} ms\n` +
      `  query service   ${server.baseUrl}/api/v1\n` +
      `  status          ${server.statusUrl}\n` +
      `  verification    ${server.verifyUrl}/v2/verify\n`,
  );
  const stop = () => {
    server.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
