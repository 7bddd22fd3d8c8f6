import { DEFAULTS, type ResolvedConfig, type RunConfig } from '../config/run-config.ts';
import { isLoopbackUrl } from '../config/base-url.ts';
import { INTERFACES, type InterfaceName } from '../spec/load-spec.ts';

export interface Targets {
  baseUrl: string;
  statusUrl: string;
  verifyUrl: string;
}

/**
 * Fills in what the run actually uses: the targets, which of them count as loopback, and the
 * rate and budget, which default to production-safe values for anything that is not loopback.
 */
export function resolveConfig(run: RunConfig, targets: Targets, extra: { embedded: boolean; exchangeLog?: string }): ResolvedConfig {
  const urlOf: Record<InterfaceName, string> = { 'ledger-query': targets.baseUrl, status: targets.statusUrl, verify: targets.verifyUrl };
  const loopback = Object.fromEntries(
    INTERFACES.map((name) => [name, !run.treatAsRemote && isLoopbackUrl(urlOf[name])]),
  ) as Record<InterfaceName, boolean>;
  const anyRemote = run.only.some((name) => !loopback[name]);
  return {
    ...run,
    targets,
    embedded: extra.embedded,
    loopback,
    effectiveRate: run.rate ?? (anyRemote ? DEFAULTS.remoteRate : Infinity),
    effectiveMaxRequests: run.maxRequests ?? (anyRemote ? DEFAULTS.remoteMaxRequests : Number.MAX_SAFE_INTEGER),
    exchangeLog: extra.exchangeLog,
  };
}
