import type { InterfaceName } from '../../specs/load-spec.ts';

/**
 * Interfaces whose tests run one at a time, across the whole run. The verifier rejects excess
 * traffic per client (VF-7-too-many-requests) at a rate the contract does not state: concurrent
 * tests on a loopback target (not paced by us) would mostly wait out each other's throttling.
 */
export const ONE_AT_A_TIME: ReadonlySet<InterfaceName> = new Set(['verify']);
