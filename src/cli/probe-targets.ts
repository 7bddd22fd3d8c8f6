import { request } from 'undici';
import { TargetUnreachable } from '../http/client.ts';
import type { InterfaceName } from '../../specs/load-spec.ts';
import { TARGET_OF, type Targets } from '../config/run-config.ts';

/** A harmless GET per interface: any HTTP answer proves the target is there. */
const PROBE_PATHS: Record<InterfaceName, string> = {
  'ledger-query': '/api/v1/network/exchangerate',
  status: '/status.json',
  verify: '/v2/verify/00000000-0000-4000-8000-000000000000',
};

/** Fails with one clear message when a target cannot be reached, before any test runs. */
export async function probeTargets(targets: Targets, only: InterfaceName[], headers: Record<string, string>, timeoutMs: number): Promise<void> {
  for (const name of only) {
    const url = `${targets[TARGET_OF[name]]}${PROBE_PATHS[name]}`;
    try {
      const res = await request(url, { method: 'GET', headers, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
      await res.body.dump();
    } catch (error) {
      const e = error as Error & { code?: string };
      throw new TargetUnreachable(`cannot reach the ${name} target at ${new URL(url).origin} (${e.code ?? e.message}); check the URL or use --only`);
    }
  }
}
