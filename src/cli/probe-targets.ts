import { TargetUnreachable, ThrottledOut } from '../http/client.ts';
import { sideClient } from '../http/side-client.ts';
import { TargetFault } from '../http/transport-faults.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import type { InterfaceName } from '../../specs/load-spec.ts';
import { ConfigError, TARGET_FLAG, TARGET_OF, type Targets } from '../config/run-config.ts';

/** A harmless GET per interface: any HTTP answer proves the target is there. */
const PROBE_PATHS: Record<InterfaceName, string> = {
  'ledger-query': '/api/v1/network/exchangerate',
  status: '/status.json',
  verify: '/v2/verify/00000000-0000-4000-8000-000000000000',
};

/**
 * Where the documents are when a status URL was given without the path they are under (as a
 * status page's own address usually is): /api/v2, the path of the contract's example URL.
 */
const STATUS_DOCUMENTS_PATH = '/api/v2';

export interface ProbeOptions {
  headers: Record<string, string>;
  secretHeaders: string[];
  secretParams: string[];
  timeoutMs: number;
  maxBodyBytes: number;
  /** The run's rate (requests per second): the probes are requests of the run like any other. */
  rate: number;
  /** Every probe attempt is logged here when it leaves, so the run's pace and count include it. */
  attemptLog: string;
}

export interface ProbeResult {
  /** Attempts the probes sent. */
  sent: number;
  /** Each interface's probe answer: judged by the suites like any other answer (a 5xx is a finding). */
  answers: Partial<Record<InterfaceName, Exchange>>;
}

/**
 * Fails with one clear message when a target cannot be reached, before any test runs. A reset or a
 * timeout is tried again like any idempotent request; throttling proves the target is there. The
 * interfaces are probed at once: against a distant target each probe is a round trip, and the run
 * would wait them out one after the other. A refusal is told for the first interface in run order.
 */
export async function probeTargets(targets: Targets, only: InterfaceName[], options: ProbeOptions): Promise<ProbeResult> {
  const { client, sent } = sideClient({ ...options, throttle: { maxRetries: 1, maxWaitMs: 5_000 } });
  const outcomes = await Promise.allSettled(only.map((name) => probeInterface(client, targets, name)));
  const answers: ProbeResult['answers'] = {};
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status === 'rejected') throw outcome.reason;
    if (outcome.value) answers[only[i]] = outcome.value;
  }
  return { sent: sent(), answers };
}

/** One interface's probe answer; undefined when the target only throttled it. */
async function probeInterface(client: ReturnType<typeof sideClient>['client'], targets: Targets, name: InterfaceName): Promise<Exchange | undefined> {
  const url = `${targets[TARGET_OF[name]]}${PROBE_PATHS[name]}`;
  try {
    const answer = await client.send({ method: 'GET', url });
    if (name === 'status' && answer.status === 404) await refuseMisaddressedStatus(client, targets.statusUrl);
    return answer;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    if (error instanceof ThrottledOut) return undefined;
    const why = error instanceof TargetUnreachable || error instanceof TargetFault ? error.message.replace(/^GET \S+: /, '') : String(error);
    throw new TargetUnreachable(`cannot reach the ${name} target at ${new URL(url).origin} (${why}); check the URL or use --only`);
  }
}

/**
 * A status URL whose documents all answer 404 (every check of them a failure) while the same
 * address with /api/v2 serves them (a JSON document where status.json is) was given without that
 * path: one clear error instead of a run of 404s. A target that serves its documents nowhere is
 * left to the suites to fail.
 */
async function refuseMisaddressedStatus(client: ReturnType<typeof sideClient>['client'], statusUrl: string): Promise<void> {
  if (new URL(statusUrl).pathname.replace(/\/+$/, '').endsWith(STATUS_DOCUMENTS_PATH)) return;
  const intended = `${statusUrl.replace(/\/+$/, '')}${STATUS_DOCUMENTS_PATH}`;
  const answer = await client.send({ method: 'GET', url: `${intended}${PROBE_PATHS.status}` }).catch(() => undefined);
  const document = answer?.status === 200 ? responseJson(answer) : undefined;
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return;
  throw new ConfigError(`the status target answered 404 for ${statusUrl}${PROBE_PATHS.status}, and ${intended}${PROBE_PATHS.status} answered 200: give the address the documents are under (${TARGET_FLAG.status} ${intended})`);
}
