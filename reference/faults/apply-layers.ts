// Puts layers around the reference server's correct behaviour: request hooks run before routing
// (rewriteUrl), answers pass through response hooks in onSend (JSON parsed once a hook reads it,
// edited, re-serialized; fastify then sets content-length, and the query service's ETag is computed
// on the edited body).
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'lossless-json';
import { parseExactJson } from '../evm/exact-json-body.ts';
import { queryPairs } from '../query/query-pairs.ts';
import { interfaceOfPath, type Layer, type LayerRequest, type LayerResponse } from './layer.ts';
import { relativeUrl } from './layer-tools.ts';
import { hasBody } from '../request-body.ts';

interface Exchange {
  req: LayerRequest;
  layers: Layer[];
  /** What a request hook answered instead of the correct handler. */
  answer?: LayerResponse;
}

function splitUrl(url: string): { path: string; query: Array<[string, string]> } {
  const at = url.indexOf('?');
  return { path: at < 0 ? url : url.slice(0, at), query: queryPairs(url) };
}

function headerRecord(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** Request bodies keep integers beyond 2^53 exact: a layer editing one field must not round another. */
function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    const parsed = parseExactJson(body);
    // A body nested too deep to write back (stringify recurses: a RangeError) stays raw text.
    stringify(parsed);
    return parsed;
  } catch {
    return body;
  }
}

/** An answer's JSON for the response hooks, read as a client would (the hooks compare plain numbers). */
function parseAnswer(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

/**
 * The answer as the response hooks see it. Its body is parsed only once a hook reads or replaces it:
 * most hooks look at the path first, and parsing and re-serializing every answer was most of a fault
 * run's layer time. `bodyChanged` compares what the hooks left with the body as first parsed.
 */
function hookedAnswer(status: number, headers: Record<string, string>, payload: unknown, isJson: boolean): { res: LayerResponse; bodyChanged(): boolean } {
  let body: unknown;
  let before: string | undefined;
  let parsed = false;
  const parse = () => {
    if (parsed) return;
    parsed = true;
    body = isJson ? parseAnswer(payload as string) : typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    before = JSON.stringify(body);
  };
  const res = { status, headers: { ...headers } } as LayerResponse;
  Object.defineProperty(res, 'body', {
    enumerable: true,
    get: () => {
      parse();
      return body;
    },
    set: (value: unknown) => {
      parse();
      body = value;
    },
  });
  return { res, bodyChanged: () => parsed && JSON.stringify(body) !== before };
}

/** The body as text to tell whether a hook changed it; undefined for bodies too deep to serialize (robustness probes). */
function snapshot(body: unknown): string | undefined {
  try {
    return stringify(body);
  } catch {
    return undefined;
  }
}

function runRequestHooks(exchange: Exchange): void {
  for (const layer of exchange.layers) {
    const answer = layer.request?.(exchange.req);
    if (answer) {
      exchange.answer = answer;
      return;
    }
  }
}

function sendAnswer(reply: FastifyReply, answer: LayerResponse): FastifyReply {
  reply.code(answer.status).headers(answer.headers);
  return reply.send(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
}

export interface LayerHooks {
  /** Fastify's rewriteUrl option: body-less requests meet the request hooks here, before routing. */
  rewriteUrl(raw: IncomingMessage): string;
  /** Adds the hooks to the app; call before any route is registered so every scope inherits them. */
  install(app: FastifyInstance): void;
}

export function layerHooks(layers: Layer[]): LayerHooks {
  const exchanges = new WeakMap<IncomingMessage, Exchange>();

  const exchangeFor = (raw: IncomingMessage): Exchange | undefined => {
    const known = exchanges.get(raw);
    if (known) return known;
    const { path, query } = splitUrl(raw.url ?? '/');
    const iface = interfaceOfPath(path);
    const mine = layers.filter((layer) => layer.interface === iface);
    if (!mine.length) return undefined;
    const exchange: Exchange = { req: { method: raw.method ?? 'GET', path, query, headers: headerRecord(raw.headers), body: undefined }, layers: mine };
    exchanges.set(raw, exchange);
    return exchange;
  };

  const install = (app: FastifyInstance): void => {
    // A request with a body meets the request hooks once its body is read (below), after routing.
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const exchange = exchanges.get(request.raw);
      if (!exchange || !hasBody(request.raw)) return;
      const original = request.body;
      exchange.req.body = parseBody(original);
      // Response hooks see the body too; only request hooks may change it.
      if (!exchange.layers.some((layer) => layer.request)) return;
      const before = snapshot(exchange.req.body);
      const path = exchange.req.path;
      const query = JSON.stringify(exchange.req.query);
      runRequestHooks(exchange);
      if (exchange.req.path !== path) throw new Error(`a layer changed the path of a ${request.method} with a body; only body-less requests are re-routed`);
      if (exchange.answer) return sendAnswer(reply, exchange.answer);
      const after = snapshot(exchange.req.body);
      if (before !== undefined && after !== before) {
        request.body = typeof original === 'string' && typeof exchange.req.body !== 'string' ? stringify(exchange.req.body) : exchange.req.body;
      }
      if (JSON.stringify(exchange.req.query) !== query) request.raw.url = relativeUrl(exchange.req.path, exchange.req.query);
    });

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = exchanges.get(request.raw)?.answer;
      if (answer) return sendAnswer(reply, answer);
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const exchange = exchangeFor(request.raw);
      if (!exchange) return payload;
      const originalHeaders = headerRecord(reply.getHeaders());
      const isJson = /json/i.test(originalHeaders['content-type'] ?? '') && typeof payload === 'string';
      const { res, bodyChanged } = hookedAnswer(reply.statusCode, originalHeaders, payload, isJson);
      for (const layer of exchange.layers) await layer.response?.(exchange.req, res);
      reply.code(res.status);
      for (const name of Object.keys(originalHeaders)) if (!(name in res.headers)) reply.removeHeader(name);
      for (const [name, value] of Object.entries(res.headers)) if (originalHeaders[name] !== value) reply.header(name, value);
      if (!bodyChanged()) return payload;
      reply.removeHeader('content-length');
      return typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
    });
  };

  return {
    install,
    rewriteUrl(raw: IncomingMessage): string {
      const exchange = exchangeFor(raw);
      if (!exchange || hasBody(raw)) return raw.url ?? '/';
      const url = raw.url ?? '/';
      const before = JSON.stringify([exchange.req.path, exchange.req.query]);
      runRequestHooks(exchange);
      // An unchanged request keeps its original bytes: odd encodings still reach the handler as sent.
      return JSON.stringify([exchange.req.path, exchange.req.query]) === before ? url : relativeUrl(exchange.req.path, exchange.req.query);
    },
  };
}
