// The reference server: one loopback port serving the ledger query service (/api/v1), the status
// interface (/status/api/v2) and the verification interface (/v2/verify) over the fixture ledger.
// The database and the interfaces it serves are loaded on demand: a status-only server needs neither,
// and a server without the query service verifies against the fixture artifacts instead.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { applyCors, notFoundHandler, queryErrorHandler } from './query/http-conventions.ts';
import { registerStatusRoutes } from './status/routes.ts';
import { verifyErrorBody } from './verify/verify-error.ts';
import { MAX_PARAM_LENGTH, clientErrorHandler } from './client-error.ts';
import { layerHooks } from './faults/apply-layers.ts';
import { SCHEMA_COMPILERS_ON_USE } from './schema-compilers-on-use.ts';
import { selectLayers } from './faults/select-layers.ts';
import type { Layer } from './faults/layer.ts';

export interface ReferenceServer {
  baseUrl: string;
  statusUrl: string;
  verifyUrl: string;
  /** Every request served, for tests that count at the server. */
  requestLog: Array<{ method: string; url: string; at: number; status: number }>;
  /** Stops serving; the process's ledger database stays open for its other servers (sharedLedgerDatabase). */
  close(): Promise<void>;
}

const STATUS_PREFIX = '/status/api/v2';

/** Faults and behaviours (reference/faults) wrap the correct behaviour; none by default. */
export interface ReferenceServerOptions {
  port?: number;
  /** Names from FAULTS (reference/faults/catalogue.ts), applied in this order after the behaviour. */
  faults?: string[];
  /** A name from BEHAVIOURS (reference/faults/behaviours.ts). */
  behaviour?: string;
  /** Serve the status interface alone, without opening the ledger database. */
  statusOnly?: boolean;
  /** Serve the status and verification interfaces without the ledger database (reference/fixture-verifier.ts). */
  noLedger?: boolean;
  /** A JSON-RPC URL: the verifier reads deployed code from that chain and serves its chain id alone. */
  verifyRpc?: string;
}

function createApp(layers: Layer[]): FastifyInstance {
  const hooks = layers.length ? layerHooks(layers) : undefined;
  // Every path parameter, however long, must reach its handler to be judged there (400 naming it);
  // close() ends open keep-alive connections instead of waiting for clients to drop them.
  const app = Fastify({
    logger: false, routerOptions: { maxParamLength: MAX_PARAM_LENGTH }, bodyLimit: 1_048_576, forceCloseConnections: true, clientErrorHandler,
    schemaController: { compilersFactory: SCHEMA_COMPILERS_ON_USE },
    ...(hooks ? { rewriteUrl: hooks.rewriteUrl } : {}),
    // A URL that cannot be decoded never reaches a route: answer it in the body of its interface.
    frameworkErrors: (error, request, reply) => {
      reply.header('access-control-allow-origin', '*');
      if (request.url.startsWith('/v2/verify')) return (reply as FastifyReply).code(400).send(verifyErrorBody('invalid_parameter', 'The URL is not validly encoded'));
      return queryErrorHandler(error, request as FastifyRequest, reply as FastifyReply);
    },
  });
  applyCors(app);
  // After CORS, so response hooks see the whole header set.
  hooks?.install(app);
  app.setNotFoundHandler(notFoundHandler);
  app.setErrorHandler(queryErrorHandler);
  return app;
}

/** `statusOnly` serves the status interface alone, without opening the ledger database (a status-only run needs nothing else). */
export async function startReferenceServer(opts: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  // Unknown names fail before anything starts.
  const layers = selectLayers(opts);
  // The database opens (its WASM compiles off the main thread) while the route modules load.
  const withLedger = !opts.statusOnly && !opts.noLedger;
  const opening = withLedger ? import('./db/ledger-database.ts').then((m) => m.sharedLedgerDatabase()) : undefined;
  opening?.catch(() => undefined);
  const ledger = withLedger ? await import('./ledger-interfaces.ts') : undefined;
  const db = await opening;
  const app = createApp(layers);
  const requestLog: ReferenceServer['requestLog'] = [];
  app.addHook('onResponse', async (request, reply) => {
    requestLog.push({ method: request.method, url: request.url, at: Date.now(), status: reply.statusCode });
  });
  let verify: { close(): Promise<void> } | undefined;
  const rpc = opts.verifyRpc ? { verifyRpc: opts.verifyRpc } : {};
  try {
    if (db && ledger) verify = await ledger.registerLedgerInterfaces(app, db, rpc);
    else if (opts.noLedger && !opts.statusOnly) verify = await (await import('./fixture-verifier.ts')).registerFixtureVerifier(app, rpc);
  } catch (error) {
    await app.close();
    throw error;
  }
  await registerStatusRoutes(app, { prefix: STATUS_PREFIX });
  let address: string;
  try {
    address = await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  } catch (error) {
    await verify?.close();
    await app.close();
    throw error;
  }
  const base = address.replace('localhost', '127.0.0.1');
  let closed = false;
  return {
    baseUrl: base,
    statusUrl: `${base}${STATUS_PREFIX}`,
    verifyUrl: base,
    requestLog,
    async close() {
      if (closed) return;
      closed = true;
      await verify?.close();
      await app.close();
    },
  };
}
