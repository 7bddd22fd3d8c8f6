import { DEFAULTS, TARGET_OF, UNLIMITED_REQUESTS, type ResolvedConfig, type RunConfig, type Targets } from '../config/run-config.ts';
import { isLoopbackUrl } from '../config/base-url.ts';
import type { Expectation } from '../report/expectations.ts';
import type { ChainDeployment } from '../chain/deployment-record.ts';
import { INTERFACES, type InterfaceName } from '../../specs/load-spec.ts';

export interface ResolveExtra {
  embedded: boolean;
  exchangeLog?: string;
  attemptLog?: string;
  faultLog?: string;
  /** Requests the CLI already sent to the targets (reachability probes): they come out of the budget. */
  probesSent?: number;
  /** The probes' answers, judged in the suites like every other answer. */
  probeAnswers?: ResolvedConfig['probeAnswers'];
  /** Requests the CLI will send after the tests (the --drift fetch): set aside from the budget. */
  reserved?: number;
  expectations?: Expectation[];
  /** The contracts deployed on the --verify-rpc chain for this run. */
  chainDeployments?: ChainDeployment[];
}

/**
 * On loopback a second worker pays (its modules, about a second of CPU) only where there is waiting to
 * overlap: the verification files, mostly waiting on jobs, beside another interface's.
 */
function loopbackWorkers(only: readonly string[]): number {
  return only.includes('verify') && only.length > 1 ? DEFAULTS.loopbackWorkers : 1;
}

/**
 * Fills in what the run actually uses: the targets, which of them count as loopback, and the
 * rate and budget, which default to production-safe values for anything that is not loopback.
 * Shards of one run hit the target at the same time, so each takes its share of the defaults.
 */
export function resolveConfig(run: RunConfig, targets: Targets, extra: ResolveExtra): ResolvedConfig {
  const loopback = Object.fromEntries(
    INTERFACES.map((name) => [name, !run.treatAsRemote && isLoopbackUrl(targets[TARGET_OF[name]])]),
  ) as Record<InterfaceName, boolean>;
  const anyRemote = run.only.some((name) => !loopback[name]);
  const shards = run.shard ? Number(run.shard.split('/')[1]) : 1;
  const maxRequests = run.maxRequests ?? (anyRemote ? Math.max(1, Math.floor(DEFAULTS.remoteMaxRequests / shards)) : UNLIMITED_REQUESTS);
  // The chain's options stay in the CLI: the deployer key is a secret, and the workers get the deployments.
  const { verifyRpc: _chain, ...handed } = run;
  return {
    ...handed,
    targets,
    embedded: extra.embedded,
    loopback,
    effectiveRate: run.rate ?? (anyRemote ? DEFAULTS.remoteRate / shards : Infinity),
    effectiveMaxRequests: Math.max(0, maxRequests - (extra.probesSent ?? 0) - (extra.reserved ?? 0)),
    effectiveWorkers: run.workers ?? (anyRemote ? DEFAULTS.remoteWorkers : loopbackWorkers(run.only)),
    exchangeLog: extra.exchangeLog,
    attemptLog: extra.attemptLog,
    faultLog: extra.faultLog,
    attemptsBeforeTests: extra.probesSent ?? 0,
    ...(extra.probeAnswers ? { probeAnswers: extra.probeAnswers } : {}),
    ...(extra.expectations ? { expectations: extra.expectations } : {}),
    ...(extra.chainDeployments ? { chainDeployments: extra.chainDeployments } : {}),
  };
}
