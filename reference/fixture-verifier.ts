// The verification interface over the fixture deployments read from their artifacts, without the
// ledger database: a run that checks no query service needs neither its load time (about a second)
// nor its memory (about 250 MB). The database holds the same deployments, from the same artifacts.
import type { FastifyInstance } from 'fastify';
import { createMemoryContractStore } from './contract-store.ts';
import { loadContractDeployments } from '../fixtures/contracts/deployments.ts';
import { registerVerifyRoutes } from './verify/routes.ts';

export async function registerFixtureVerifier(app: FastifyInstance, opts: { verifyRpc?: string } = {}): Promise<{ close(): Promise<void> }> {
  const deployments = loadContractDeployments();
  const store = createMemoryContractStore(deployments, Math.max(...deployments.map((d) => d.deployBlock)));
  // The chain reader loads only for a verifier that reads a chain.
  const deployedCode = opts.verifyRpc ? await (await import('./verify/rpc-deployed-code.ts')).rpcDeployedCode(opts.verifyRpc) : undefined;
  return registerVerifyRoutes(app, { store, ...(deployedCode ? { deployedCode } : {}) });
}
