import { ConfigError, DEFAULTS, type RunConfig } from './run-config.ts';
import { INTERFACES, type InterfaceName } from '../../specs/interfaces.ts';
import { parseHeaderLine } from './headers.ts';
import { parseSeed } from './seed.ts';
import { normalizeBaseUrl, queryServiceRoot, verifyServiceRoot } from './base-url.ts';
import { findProfile } from '../profiles/profiles.ts';
import { parseOptions, type OptionTable, type OptionValues } from './options.ts';
import type { VerifyRpcOptions } from '../chain/provision-samples.ts';
import { refusePublicChain, refuseRemoteChain } from '../chain/write-guard.ts';

/** The headings of `run --help`. */
export const RUN_OPTION_GROUPS = { targets: 'Targets (default: the embedded reference implementation on a loopback port)', run: 'Run options' } as const;
const TARGETS = RUN_OPTION_GROUPS.targets;
const RUN = RUN_OPTION_GROUPS.run;

/**
 * The options of `ledger-conformance run`: parsing and --help both come from here, so a new flag is
 * one entry (its use goes in buildRunConfig).
 */
export const RUN_OPTIONS = {
  profile: { type: 'string', value: 'NAME', group: TARGETS, help: 'mainnet | testnet | previewnet | local: fills the three URLs and --verify-chain-id' },
  'base-url': { type: 'string', value: 'URL', group: TARGETS, help: 'ledger query service, the address before /api/v1 (env BASE_URL); overrides the profile' },
  'status-url': { type: 'string', value: 'URL', group: TARGETS, help: 'network status interface (env STATUS_URL); overrides the profile' },
  'verify-url': { type: 'string', value: 'URL', group: TARGETS, help: 'contract verification interface (env VERIFY_URL); overrides the profile' },
  only: { type: 'string', value: 'NAME[,NAME]', group: TARGETS, help: 'ledger-query | status | verify' },
  header: { type: 'string', value: "'Name: value'", group: RUN, help: 'extra request header, repeatable (env CONFORMANCE_HEADERS); values are redacted from reports' },
  timeout: { type: 'string', value: 'MS', group: RUN, help: `bound of one request attempt, connect to last body byte (default ${DEFAULTS.timeoutMs})` },
  'max-body-bytes': { type: 'string', value: 'N', group: RUN, help: `answers beyond N bytes are not read: a target fault (default ${DEFAULTS.maxBodyBytes})` },
  'secret-header': { type: 'string', value: 'NAME', group: RUN, help: 'values of this header are secrets wherever they appear (repeatable)' },
  'secret-param': { type: 'string', value: 'NAME', group: RUN, help: 'values of this query parameter are secrets wherever they appear (repeatable)' },
  rate: { type: 'string', value: 'N', group: RUN, help: `requests per second across the run (default: none on loopback, ${DEFAULTS.remoteRate} elsewhere)` },
  'max-requests': { type: 'string', value: 'N', group: RUN, help: `request budget for the run, probes included (default: none on loopback, ${DEFAULTS.remoteMaxRequests} elsewhere)` },
  workers: {
    type: 'string', value: 'N', group: RUN,
    help: `test files run side by side in N processes, a target's waits overlapping (default: on loopback 1, or\n${DEFAULTS.loopbackWorkers} with verify and another interface; ${DEFAULTS.remoteWorkers} elsewhere); budget, rate and pacing stay run-wide`,
  },
  seed: { type: 'string', value: 'N', group: RUN, help: "replay a run's generated inputs (env CONFORMANCE_SEED)" },
  depth: { type: 'string', value: 'N', group: RUN, help: `generated examples per property (default ${DEFAULTS.depth}; env CONFORMANCE_DEPTH)` },
  'allow-writes': { type: 'boolean', group: RUN, help: 'allow state-changing or loading checks on non-loopback targets' },
  'treat-as-remote': { type: 'boolean', group: RUN, help: 'apply non-loopback (production-safe) defaults to loopback targets too' },
  expectations: {
    type: 'string', value: 'FILE', group: RUN,
    help: 'known deviations (JSON or YAML): rule, reason, expires (YYYY-MM-DD), optional\nendpoint, input (a regular expression over "METHOD /path?query" and the body), finding;\nmatching failures do not fail the run until they expire; repeatable, the files taken together',
  },
  drift: {
    type: 'boolean', group: RUN,
    help: "compare the query service's published OpenAPI document (/api/v1/docs/openapi.yml)\nwith the contract, per rule, next to this run's verdicts: reports/drift.txt",
  },
  shard: {
    type: 'string', value: 'i/n', group: RUN,
    help: 'run the i-th of n slices of the tests (merge with merge-reports); without explicit\n--rate/--max-requests each shard takes 1/n of the non-loopback defaults',
  },
  'verify-chain-id': { type: 'string', value: 'ID', group: RUN, help: `chain used for verification submissions (default: the profile's, else ${DEFAULTS.verifyChainId})` },
  'verify-unsupported-chain-id': { type: 'string', value: 'ID', group: RUN, help: `a chain the verification target must refuse (default ${DEFAULTS.verifyUnsupportedChainId})` },
  'verify-rpc': {
    type: 'string', value: 'URL', group: RUN,
    help: 'a development chain\'s JSON-RPC URL: the fixture contracts are deployed there (reused on the next run)\nand verified as samples; never on a public chain, off loopback only with --allow-writes',
  },
  'verify-deployer-key': { type: 'string', value: 'HEX', group: RUN, help: 'private key that deploys on the --verify-rpc chain (default: its first unlocked account)' },
  'known-calls': { type: 'string', value: 'FILE', group: RUN, help: 'contract calls with known results on the target (value checks of section 4.3)' },
  'verify-samples': { type: 'string', value: 'FILE', group: RUN, help: 'contracts deployed on the verification target (JSON/YAML, specs/schemas/verify-samples.schema.json):\neach must verify with its expected match; invalid bodies are controlled against them' },
  'report-dir': { type: 'string', value: 'DIR', group: RUN, help: `where reports go (default ${DEFAULTS.reportDir})` },
  'min-evaluated': { type: 'string', value: 'P', group: RUN, help: 'the run passes only if each selected interface had at least P% of its contract rules judged, rules the target holds no data for left out (default 80; 0 accepts less)' },
  fault: { type: 'string', value: 'NAME[,NAME]', group: RUN, help: 'switch on named faults of the embedded reference (reference/faults/catalogue.ts); no target URL' },
  behave: { type: 'string', value: 'NAME', group: RUN, help: 'make the embedded reference behave as a named set, e.g. public (reference/faults/behaviours.ts); no target URL' },
  'compare-to': {
    type: 'string', value: 'REPORT', group: RUN,
    help: "a previous report: its directory, its rules.json, or the URL of a published rules.json; lists per\nrule new failures, fixed, still failing, newly (not) evaluated in summary, rules.json and HTML (exit code unchanged)",
  },
  history: {
    type: 'string', value: 'FILE', group: RUN,
    help: 'the trend so far (a history.json of an earlier report; missing = a new one): this run is added and\nthe last 30 runs written to history.json in the report directory and drawn on the rules page',
  },
  json: { type: 'boolean', group: RUN, help: 'print the machine verdict (as in rules.json) on stdout; everything else goes to stderr' },
  quiet: { type: 'boolean', group: RUN, help: 'no progress lines while the tests run: only the verdict summary at the end' },
  'no-html': { type: 'boolean', group: RUN, help: 'leave out the HTML report (summary, JUnit and rules.json are written);\n`ledger-conformance report` builds it later from the same results' },
} as const satisfies OptionTable;

export type FlagValues = OptionValues<typeof RUN_OPTIONS>;

/** The options of `run`; anything else is a usage error naming the culprit. */
export function parseFlags(argv: string[]): FlagValues {
  return parseOptions(argv, RUN_OPTIONS, 'run').values;
}

function positiveNumber(flag: string, text: string, { integer }: { integer: boolean }): number {
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(n > 0) || (integer && !Number.isInteger(n))) {
    throw new ConfigError(`${flag} must be a positive ${integer ? 'integer' : 'number'}, got "${text}"`);
  }
  return n;
}

function secretName(flag: string, name: string): string {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name.trim())) throw new ConfigError(`${flag} takes a name, got "${name.slice(0, 40)}"`);
  return name.trim();
}

function last(values: string[] | undefined): string | undefined {
  return values?.[values.length - 1];
}

/** Where the run's reports go: known from the flags alone, so even a refused run can clear the old verdict there. */
export function reportDirOf(flags: FlagValues): string {
  return last(flags['--report-dir']) ?? DEFAULTS.reportDir;
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

/** --verify-rpc and its companions; the chain id is kept only when given, the RPC's own is the default. */
function verifyRpcOptions(flags: FlagValues): VerifyRpcOptions | undefined {
  const url = last(flags['--verify-rpc']);
  const key = last(flags['--verify-deployer-key']);
  if (url === undefined) {
    if (key !== undefined) throw new ConfigError('--verify-deployer-key needs --verify-rpc URL (the chain it deploys on)');
    return undefined;
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') throw new ConfigError(`--verify-rpc must be an http or https URL, got "${url.slice(0, 80)}"`);
  // The key itself is never repeated in a message.
  if (key !== undefined && !/^(0x)?[0-9a-fA-F]{64}$/.test(key)) throw new ConfigError('--verify-deployer-key must be a private key: 64 hexadecimal digits, with or without 0x');
  const chainId = last(flags['--verify-chain-id']);
  // Refused here already, so that neither the embedded reference nor the deployment contacts such a chain.
  refuseRemoteChain(url, { allowWrites: flags['--allow-writes'] ?? false, treatAsRemote: flags['--treat-as-remote'] ?? false });
  if (chainId !== undefined) refusePublicChain(chainId, '--verify-chain-id names');
  return { url, ...(chainId !== undefined ? { chainId } : {}), ...(key !== undefined ? { deployerKey: key } : {}) };
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
  const queryRoot = (value: string | undefined) => (value === undefined ? undefined : queryServiceRoot(value));
  const verifyRoot = (value: string | undefined) => (value === undefined ? undefined : verifyServiceRoot(value));
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
  const drawn = Math.floor(Math.random() * 2 ** 31);
  const seed = seedText !== undefined ? parseSeed('--seed', seedText) : { text: String(drawn), value: drawn };
  const chainId = (flag: string, value: string | undefined, fallback: string) => {
    const v = value ?? fallback;
    if (!/^\d{1,20}$/.test(v)) throw new ConfigError(`${flag} must be 1 to 20 digits, got "${v}"`);
    return v;
  };
  const verifyRpc = verifyRpcOptions(flags);
  const verifySamplesFile = last(flags['--verify-samples']);
  const minEvaluatedText = last(flags['--min-evaluated']);
  if (minEvaluatedText !== undefined && !(/^\d+(\.\d+)?$/.test(minEvaluatedText) && Number(minEvaluatedText) <= 100)) {
    throw new ConfigError(`--min-evaluated takes a percentage from 0 to 100, got "${minEvaluatedText}"`);
  }
  return {
    targets: {
      baseUrl: queryRoot(url('--base-url', last(flags['--base-url']) ?? env.BASE_URL ?? profile?.baseUrl)),
      statusUrl: url('--status-url', last(flags['--status-url']) ?? env.STATUS_URL ?? profile?.statusUrl),
      verifyUrl: verifyRoot(url('--verify-url', last(flags['--verify-url']) ?? env.VERIFY_URL ?? profile?.verifyUrl)),
    },
    headers: {
      ...headersFromEnv(env.CONFORMANCE_HEADERS),
      ...Object.fromEntries((flags['--header'] ?? []).map(parseHeaderLine)),
    },
    maxBodyBytes: flags['--max-body-bytes'] ? positiveNumber('--max-body-bytes', last(flags['--max-body-bytes'])!, { integer: true }) : DEFAULTS.maxBodyBytes,
    secretHeaders: (flags['--secret-header'] ?? []).map((name) => secretName('--secret-header', name)),
    secretParams: (flags['--secret-param'] ?? []).map((name) => secretName('--secret-param', name)),
    timeoutMs: flags['--timeout'] ? positiveNumber('--timeout', last(flags['--timeout'])!, { integer: true }) : DEFAULTS.timeoutMs,
    rate: flags['--rate'] ? positiveNumber('--rate', last(flags['--rate'])!, { integer: false }) : undefined,
    seed: seed.value,
    seedText: seed.text,
    depth: depthText !== undefined ? positiveNumber('--depth', depthText, { integer: true }) : DEFAULTS.depth,
    only: only.length ? (only as InterfaceName[]) : [...INTERFACES],
    allowWrites: flags['--allow-writes'] ?? false,
    maxRequests: flags['--max-requests'] ? positiveNumber('--max-requests', last(flags['--max-requests'])!, { integer: true }) : undefined,
    ...(flags['--workers'] ? { workers: positiveNumber('--workers', last(flags['--workers'])!, { integer: true }) } : {}),
    reportDir: reportDirOf(flags),
    treatAsRemote: flags['--treat-as-remote'] ?? false,
    profile: profileName,
    expectationsFiles: flags['--expectations'] ?? [],
    shard,
    drift: flags['--drift'] ?? false,
    quiet: flags['--quiet'] ?? false,
    html: !(flags['--no-html'] ?? false),
    verifyChainId: chainId('--verify-chain-id', last(flags['--verify-chain-id']), profile?.verifyChainId ?? DEFAULTS.verifyChainId),
    ...(verifyRpc ? { verifyRpc } : {}),
    knownCallsFile: last(flags['--known-calls']),
    ...(verifySamplesFile !== undefined ? { verifySamplesFile } : {}),
    minEvaluated: minEvaluatedText !== undefined ? Number(minEvaluatedText) : DEFAULTS.minEvaluated,
    faults: (flags['--fault'] ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean),
    ...(flags['--behave'] ? { behaviour: last(flags['--behave'])! } : {}),
    json: flags['--json'] ?? false,
    verifyUnsupportedChainId: chainId('--verify-unsupported-chain-id', last(flags['--verify-unsupported-chain-id']), DEFAULTS.verifyUnsupportedChainId),
  };
}
