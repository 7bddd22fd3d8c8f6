import { ConfigError, DEFAULTS, type RunConfig } from './run-config.ts';
import { INTERFACES, type InterfaceName } from '../spec/load-spec.ts';
import { parseHeaderLine } from './headers.ts';
import { normalizeBaseUrl } from './base-url.ts';
import { findProfile } from '../profiles/profiles.ts';

/** Flags of `ledger-conformance run`, each with the config field it fills. */
const VALUE_FLAGS = [
  '--base-url', '--status-url', '--verify-url', '--header', '--timeout', '--rate', '--seed', '--depth',
  '--only', '--max-requests', '--report-dir', '--profile', '--expectations', '--shard',
  '--verify-chain-id', '--verify-unsupported-chain-id', '--known-calls', '--min-evaluated', '--fault', '--behave',
] as const;
const BOOLEAN_FLAGS = ['--allow-writes', '--treat-as-remote', '--drift', '--json', '--quiet'] as const;

export type FlagValues = Partial<Record<(typeof VALUE_FLAGS)[number], string[]>> &
  Partial<Record<(typeof BOOLEAN_FLAGS)[number], boolean>>;

/** Splits argv into known flags; anything else is a usage error naming the culprit. */
export function parseFlags(argv: string[]): FlagValues {
  const values: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if ((BOOLEAN_FLAGS as readonly string[]).includes(name)) {
      if (eq > 0) throw new ConfigError(`${name} takes no value`);
      values[name] = true;
    } else if ((VALUE_FLAGS as readonly string[]).includes(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new ConfigError(`${name} needs a value`);
      ((values[name] ??= []) as string[]).push(value);
    } else {
      throw new ConfigError(`unknown option "${arg}" (see ledger-conformance --help)`);
    }
  }
  return values as FlagValues;
}

function positiveNumber(flag: string, text: string, { integer }: { integer: boolean }): number {
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(n > 0) || (integer && !Number.isInteger(n))) {
    throw new ConfigError(`${flag} must be a positive ${integer ? 'integer' : 'number'}, got "${text}"`);
  }
  return n;
}

function last(values: string[] | undefined): string | undefined {
  return values?.[values.length - 1];
}

/** Environment variables that configure a run (flags win over them). */
export interface ConfigEnv {
  BASE_URL?: string;
  STATUS_URL?: string;
  VERIFY_URL?: string;
  CONFORMANCE_HEADERS?: string;
  CONFORMANCE_SEED?: string;
  CONFORMANCE_DEPTH?: string;
}

/** Headers from CONFORMANCE_HEADERS: a JSON object, or `Name: value` lines. */
export function headersFromEnv(text: string | undefined): Record<string, string> {
  if (!text?.trim()) return {};
  if (text.trim().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ConfigError('CONFORMANCE_HEADERS is neither a JSON object nor "Name: value" lines');
    }
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (entries.some(([, v]) => typeof v !== 'string')) throw new ConfigError('CONFORMANCE_HEADERS values must be strings');
    return Object.fromEntries(entries.map(([k, v]) => parseHeaderLine(`${k}: ${v as string}`)));
  }
  return Object.fromEntries(text.split(/\r?\n/).filter((l) => l.trim()).map(parseHeaderLine));
}

/** Builds the run configuration: flags, then environment, then defaults. */
export function buildRunConfig(flags: FlagValues, env: ConfigEnv): RunConfig {
  const only = (flags['--only'] ?? []).flatMap((v) => v.split(',')).map((v) => v.trim());
  for (const name of only) {
    if (!(INTERFACES as readonly string[]).includes(name)) {
      throw new ConfigError(`--only takes ${INTERFACES.join('|')}, got "${name}"`);
    }
  }
  const url = (flag: string, value: string | undefined) => (value === undefined ? undefined : normalizeBaseUrl(flag, value));
  // A profile only fills what neither a flag nor the environment gives.
  const profileName = last(flags['--profile']);
  const profile = profileName === undefined ? undefined : findProfile(profileName);
  const seedText = last(flags['--seed']) ?? env.CONFORMANCE_SEED;
  const depthText = last(flags['--depth']) ?? env.CONFORMANCE_DEPTH;
  const shard = last(flags['--shard']);
  if (shard !== undefined && !/^[1-9]\d*\/[1-9]\d*$/.test(shard)) throw new ConfigError(`--shard takes i/n, got "${shard}"`);
  if (shard) {
    const [i, n] = shard.split('/').map(Number) as [number, number];
    if (i > n) throw new ConfigError(`--shard ${shard}: index is above the shard count`);
  }
  if (seedText !== undefined && !/^-?\d+$/.test(seedText)) throw new ConfigError(`--seed must be an integer, got "${seedText}"`);
  const chainId = (flag: string, value: string | undefined, fallback: string) => {
    const v = value ?? fallback;
    if (!/^\d{1,20}$/.test(v)) throw new ConfigError(`${flag} must be 1 to 20 digits, got "${v}"`);
    return v;
  };
  const minEvaluatedText = last(flags['--min-evaluated']);
  if (minEvaluatedText !== undefined && !(/^\d+(\.\d+)?$/.test(minEvaluatedText) && Number(minEvaluatedText) <= 100)) {
    throw new ConfigError(`--min-evaluated takes a percentage from 0 to 100, got "${minEvaluatedText}"`);
  }
  return {
    targets: {
      baseUrl: url('--base-url', last(flags['--base-url']) ?? env.BASE_URL ?? profile?.baseUrl),
      statusUrl: url('--status-url', last(flags['--status-url']) ?? env.STATUS_URL ?? profile?.statusUrl),
      verifyUrl: url('--verify-url', last(flags['--verify-url']) ?? env.VERIFY_URL ?? profile?.verifyUrl),
    },
    headers: {
      ...headersFromEnv(env.CONFORMANCE_HEADERS),
      ...Object.fromEntries((flags['--header'] ?? []).map(parseHeaderLine)),
    },
    timeoutMs: flags['--timeout'] ? positiveNumber('--timeout', last(flags['--timeout'])!, { integer: true }) : DEFAULTS.timeoutMs,
    rate: flags['--rate'] ? positiveNumber('--rate', last(flags['--rate'])!, { integer: false }) : undefined,
    seed: seedText !== undefined ? Number(seedText) : Math.floor(Math.random() * 2 ** 31),
    depth: depthText !== undefined ? positiveNumber('--depth', depthText, { integer: true }) : DEFAULTS.depth,
    only: only.length ? (only as InterfaceName[]) : [...INTERFACES],
    allowWrites: flags['--allow-writes'] ?? false,
    maxRequests: flags['--max-requests'] ? positiveNumber('--max-requests', last(flags['--max-requests'])!, { integer: true }) : undefined,
    reportDir: last(flags['--report-dir']) ?? DEFAULTS.reportDir,
    treatAsRemote: flags['--treat-as-remote'] ?? false,
    profile: profileName,
    expectationsFile: last(flags['--expectations']),
    shard,
    drift: flags['--drift'] ?? false,
    quiet: flags['--quiet'] ?? false,
    verifyChainId: chainId('--verify-chain-id', last(flags['--verify-chain-id']), profile?.verifyChainId ?? DEFAULTS.verifyChainId),
    knownCallsFile: last(flags['--known-calls']),
    ...(minEvaluatedText !== undefined ? { minEvaluated: Number(minEvaluatedText) } : {}),
    json: flags['--json'] ?? false,
    faults: (flags['--fault'] ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean),
    ...(flags['--behave'] ? { behaviour: last(flags['--behave'])! } : {}),
    verifyUnsupportedChainId: chainId('--verify-unsupported-chain-id', last(flags['--verify-unsupported-chain-id']), DEFAULTS.verifyUnsupportedChainId),
  };
}
