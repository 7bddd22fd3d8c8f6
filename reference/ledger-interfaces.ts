// The interfaces served from the ledger database: the query service (/api/v1, its contract call
// included) and the verification interface. Loaded only by servers that open the database.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { cacheReads } from './query/cached-reads.ts';
import { createSqlContractStore } from './db/contract-store-sql.ts';
import { registerQueryRoutes } from './query/query-routes.ts';
import { applyEtags, queryErrorHandler } from './query/http-conventions.ts';
import { rememberAnswers } from './query/answer-memo.ts';
import { registerVerifyRoutes } from './verify/routes.ts';
import { registerContractCallRoute } from './evm/contract-call-route.ts';

/**
 * Registers the ledger's interfaces on `app`; what it returns ends the verification jobs. With
 * `verifyRpc` the verifier reads deployed code from that chain instead of the fixture ledger.
 */
export async function registerLedgerInterfaces(app: FastifyInstance, db: PGlite, opts: { verifyRpc?: string } = {}): Promise<{ close(): Promise<void> }> {
  // One read cache for every reader: a contract call reads the same deployments, code and storage
  // (some thirty SELECTs) that the call before it read at that block.
  const reads = cacheReads(db);
  const store = createSqlContractStore(reads);
  // The chain reader loads only for a verifier that reads a chain.
  const deployedCode = opts.verifyRpc ? await (await import('./verify/rpc-deployed-code.ts')).rpcDeployedCode(opts.verifyRpc) : undefined;
  await app.register(async (scope) => {
    rememberAnswers(scope);
    applyEtags(scope);
    scope.setErrorHandler(queryErrorHandler);
    await registerQueryRoutes(scope, reads);
  });
  await registerContractCallRoute(app, { store });
  return registerVerifyRoutes(app, { store, ...(deployedCode ? { deployedCode } : {}) });
}
