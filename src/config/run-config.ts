import type { Expectation } from '../report/expectations.ts';
import type { Exchange } from '../http/exchange.ts';
import type { InterfaceName } from '../../specs/load-spec.ts';
import type { VerifyRpcOptions } from '../chain/provision-samples.ts';
import type { ChainDeployment } from '../chain/deployment-record.ts';

/** The base URLs of the three interfaces. */
export interface Targets {
  baseUrl: string;
  statusUrl: string;
  verifyUrl: string;
}

/** Which of the targets is each interface's base URL. */
export const TARGET_OF: Record<InterfaceName, keyof Targets> = { 'ledger-query': 'baseUrl', status: 'statusUrl', verify: 'verifyUrl' };
/** The flag that gives each interface's target. */
export const TARGET_FLAG = { 'ledger-query': '--base-url', status: '--status-url', verify: '--verify-url' } as const satisfies Record<InterfaceName, string>;

/** The request budget of a run without one (loopback by default): no run can spend it. */
export const UNLIMITED_REQUESTS = Number.MAX_SAFE_INTEGER;

/** A loopback URL nothing answers on (the discard port): the target of an interface no test contacts. */
export const UNUSED_TARGET = 'http://127.0.0.1:9';

/** Everything a conformance run needs to know, resolved from flags, environment and defaults. */
export interface RunConfig {
  targets: Partial<Targets>;
  /** Extra request headers (auth). Their values are secrets: redacted from everything written. */
  headers: Record<string, string>;
  /** Bound of one request attempt, from connecting to the last byte of the answer. */
  timeoutMs: number;
  /** Answer bodies beyond this many bytes are not read: reported as a target fault. */
  maxBodyBytes: number;
  /** Header names (beyond --header and the usual credentials) whose values are secrets wherever they appear. */
  secretHeaders: string[];
  /** Query parameter names whose values are secrets wherever they appear. */
  secretParams: string[];
  /** Requests per second across the whole run; undefined = the default for the target. */
  rate?: number;
  seed: number;
  /** The seed as given (or drawn), printed as it is: a seed beyond 2^53 has no exact number. */
  seedText: string;
  /** Generated examples per property. */
  depth: number;
  only: InterfaceName[];
  allowWrites: boolean;
  maxRequests?: number;
  /** Worker processes the test files run in side by side; undefined = the default for the targets. */
  workers?: number;
  reportDir: string;
  /** Treat loopback targets as remote (production-safe defaults apply). */
  treatAsRemote: boolean;
  profile?: string;
  /** Known-deviation files (--expectations, repeatable): their entries are taken together. */
  expectationsFiles: string[];
  shard?: string;
  drift: boolean;
  /** No progress lines: the console shows only the verdict summary. */
  quiet: boolean;
  /** Build the HTML report (allure's test tree below the rules page); off with --no-html. */
  html: boolean;
  /** Chain of verification submissions (defaults suit the reference server). */
  verifyChainId: string;
  /** A chain the verification target must refuse as unsupported. */
  verifyUnsupportedChainId: string;
  /** --verify-rpc: a development chain the run deploys the fixture contracts on, as verification samples (src/chain/). */
  verifyRpc?: VerifyRpcOptions;
  /** JSON file of contract calls whose results are known on the target (value checks of 4.3). */
  knownCallsFile?: string;
  /** JSON or YAML file of contracts deployed on the verification target (specs/schemas/verify-samples.schema.json). */
  verifySamplesFile?: string;
  /** Percentage of each selected interface's contract rules that must be judged for the run to pass. */
  minEvaluated?: number;
  /** Print the machine verdict as JSON on stdout (human output goes to stderr). */
  json: boolean;
  /** Named faults switched on in the embedded reference server (reference/faults); never with a target URL. */
  faults: string[];
  /** Named behaviour set of the embedded reference server. */
  behaviour?: string;
}

export const DEFAULTS = {
  timeoutMs: 15_000,
  maxBodyBytes: 10_000_000,
  depth: 20,
  reportDir: 'reports',
  remoteRate: 5,
  remoteMaxRequests: 5_000,
  /**
   * Against a distant target its waits overlap in more files at once: the main job 200 ms away took
   * 19.2-19.8 s in 3 workers, 14.9-16.4 s in 4, 17.1 s in 5; the run nearby, sharing two cores with
   * its reference, took 9.0-11.8 s in 4 against 8.2-8.9 s in 3.
   */
  remoteWorkers: 4,
  /** On loopback, in a run with the verification interface and another: its files, which mostly wait on jobs, run beside the others. */
  loopbackWorkers: 2,
  /** A run that judged less of an interface's contract rules than this (percent) cannot claim PASS. */
  minEvaluated: 80,
  verifyChainId: '296',
  verifyUnsupportedChainId: '999999',
} as const;

/** The config as handed to test workers, with the targets the run actually uses (never the deployer key of --verify-rpc). */
export interface ResolvedConfig extends Omit<RunConfig, 'targets' | 'verifyRpc'> {
  targets: Targets;
  /** The fixture contracts the run deployed (or found) on the --verify-rpc chain: verification samples. */
  chainDeployments?: ChainDeployment[];
  /** True when the targets are the embedded reference server started for this run. */
  embedded: boolean;
  /** Per interface: does the target count as loopback (after --treat-as-remote)? */
  loopback: Record<InterfaceName, boolean>;
  /** The rate actually enforced (requests per second; Infinity = none). */
  effectiveRate: number;
  effectiveMaxRequests: number;
  /** Worker processes the conformance files run in (vitest.config.ts reads it). */
  effectiveWorkers: number;
  /** JSON-lines file that receives one line per exchange (redacted); absent = not recorded. */
  exchangeLog?: string;
  /** File that receives the time (epoch ms) of every request attempt, throttled ones included. */
  attemptLog?: string;
  /** JSON-lines file of transport faults per target: later test files know a target the run gave up. */
  faultLog?: string;
  /** Lines the CLI wrote to the attempt log before the tests (its probes): not the tests' requests. */
  attemptsBeforeTests?: number;
  /** The answer each interface gave the CLI's start-up probe (a 5xx there is a finding too). */
  probeAnswers?: Partial<Record<InterfaceName, Exchange>>;
  /** The expectations of the run, so each evaluation can tell whether it judged a known deviation's input. */
  expectations?: Expectation[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
