// `npm run serve`: starts the reference server on 127.0.0.1 and prints its three base URLs.
// Usage: tsx reference/main.ts [--port N] [--fault NAME[,NAME]] [--behave NAME] [--verify-rpc URL] [--status-only | --no-ledger]
// Started by the CLI (src/cli/embedded-reference.ts) with an IPC channel: it sends the URLs there
// once it listens, and stops when the channel closes (its parent ended).
import { startReferenceServer, type ReferenceServerOptions } from './server.ts';
import { UnknownLayerError } from './faults/select-layers.ts';

const USAGE = `usage: npm run serve -- [--port N] [--fault NAME[,NAME]] [--behave NAME] [--verify-rpc URL]
  --port N      0..65535, 0 or absent = any free port
  --fault       named faults of reference/faults/catalogue.ts, applied in order (repeatable)
  --behave      a named behaviour set of reference/faults/behaviours.ts
  --verify-rpc  a chain's JSON-RPC URL: the verifier reads deployed code there (eth_getCode, the
                creating transaction) and serves that chain's id instead of the fixture chains
  --status-only serve the status interface alone, without the ledger database
  --no-ledger   serve the status and verification interfaces, without the ledger database`;

const FLAGS = ['--port', '--fault', '--behave', '--verify-rpc'] as const;

function parseArgs(args: string[]): ReferenceServerOptions | string {
  const opts: ReferenceServerOptions = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return USAGE;
    if (arg === '--status-only') {
      opts.statusOnly = true;
      continue;
    }
    if (arg === '--no-ledger') {
      opts.noLedger = true;
      continue;
    }
    const inline = /^(--[a-z-]+)=(.*)$/.exec(arg);
    const flag = inline ? inline[1]! : arg;
    if (!(FLAGS as readonly string[]).includes(flag)) return `unknown argument: ${arg}\n${USAGE}`;
    const value = inline ? inline[2]! : args[++i];
    if (value === undefined || value === '') return `${flag} needs a value\n${USAGE}`;
    if (flag === '--port') {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535) return `--port needs a number from 0 to 65535, got ${value}\n${USAGE}`;
      opts.port = Number(value);
    } else if (flag === '--verify-rpc') {
      if (!/^https?:\/\/\S+$/.test(value)) return `--verify-rpc needs an http(s) URL, got ${value}\n${USAGE}`;
      opts.verifyRpc = value;
    } else if (flag === '--fault') {
      opts.faults = [...(opts.faults ?? []), ...value.split(',').map((v) => v.trim()).filter(Boolean)];
    } else {
      opts.behaviour = value;
    }
  }
  return opts;
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (typeof opts === 'string') {
    const help = opts === USAGE;
    (help ? process.stdout : process.stderr).write(`${opts}\n`);
    process.exit(help ? 0 : 2);
  }
  const started = Date.now();
  // A parent that goes away during the start (the channel closes) leaves nothing to serve.
  let stop: () => void = () => process.exit(0);
  process.once('disconnect', () => stop());
  let server;
  try {
    server = await startReferenceServer(opts);
  } catch (error) {
    const usage = error instanceof UnknownLayerError;
    process.stderr.write(usage ? `${(error as Error).message}\n` : `could not start the reference server: ${(error as Error).message}\n`);
    process.exit(usage ? 2 : 1);
  }
  const layers = [...(opts.behaviour ? [`behaviour ${opts.behaviour}`] : []), ...(opts.faults ?? []).map((f) => `fault ${f}`)];
  process.stdout.write(
    `reference server ready in ${Date.now() - started} ms${layers.length ? ` (${layers.join(', ')})` : ''}\n` +
      (opts.statusOnly || opts.noLedger ? '' : `  query service   ${server.baseUrl}/api/v1\n`) +
      `  status          ${server.statusUrl}\n` +
      (opts.statusOnly ? '' : `  verification    ${server.verifyUrl}/v2/verify\n`),
  );
  process.send?.({ ready: { baseUrl: server.baseUrl, statusUrl: server.statusUrl, verifyUrl: server.verifyUrl } });
  let stopping = false;
  stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
