import { DEFAULTS } from '../config/run-config.ts';
import { PROFILES } from '../profiles/profiles.ts';
import { parseProfilesArgs } from './command-options.ts';
import type { CliIo } from './cli-io.ts';

/** `ledger-conformance profiles [--json]`: the named targets `run --profile` accepts. */
export async function profilesCommand(argv: string[], io: CliIo): Promise<number> {
  if (parseProfilesArgs(argv)['--json']) {
    io.stdout.write(`${JSON.stringify(PROFILES, null, 2)}\n`);
    return 0;
  }
  const lines = ['Profiles (run --profile NAME; --base-url, --status-url, --verify-url and --verify-chain-id override):'];
  for (const p of PROFILES) {
    lines.push('', `  ${p.name}: ${p.description}`);
    lines.push(`    --base-url ${p.baseUrl}`, `    --status-url ${p.statusUrl}`, `    --verify-url ${p.verifyUrl}`, `    --verify-chain-id ${p.verifyChainId}`);
  }
  lines.push('', `Public profiles are not loopback: only read-only requests, ${DEFAULTS.remoteRate} requests/s and ${DEFAULTS.remoteMaxRequests} requests unless told otherwise.`);
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
