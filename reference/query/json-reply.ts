// Sends a query-service response: JSON text (64-bit integers intact), its media type and the
// cache lifetime of the resource.
import type { FastifyReply } from 'fastify';
import { toJson, type JsonValue } from './json-body.ts';
import { keepAnswer } from './answer-memo.ts';

/** Seconds a response may be cached: the cached lists 10 s, a transaction by ID 600 s, others 1 s. */
export const CACHE_SECONDS = { cachedList: 10, transactionById: 600, default: 1 } as const;

export function sendJson(reply: FastifyReply, body: JsonValue, cacheSeconds: number = CACHE_SECONDS.default): FastifyReply {
  const text = toJson(body);
  reply.code(200).header('cache-control', `public, max-age=${cacheSeconds}`).type('application/json; charset=utf-8');
  // Kept before it is sent: the hooks that follow (ETag, CORS, fault layers) change what is sent, not what is kept.
  keepAnswer(reply, text);
  return reply.send(text);
}
