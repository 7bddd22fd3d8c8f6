// Conventions every query-service answer follows: CORS for any origin, a weak ETag with 304 on
// If-None-Match, the error body for every client error (never a bare framework error), and
// "Not found" for unknown routes and methods.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QueryError, sendError } from './query-error.ts';

export function applyCors(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    return payload;
  });
}

export function applyEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string' || request.method !== 'GET') return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}

/** Framework errors (bad URL encoding, body limits, media types) keep their 4xx status but get the error body. */
export function queryErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof QueryError) return sendError(reply, error);
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (error as { code?: string }).code;
    const message = status === 415 ? 'Unsupported Media Type' : status === 404 ? 'Not found'
      : code === 'FST_ERR_BAD_URL' ? 'Invalid parameter: url' : (error as Error).message || 'Bad request';
    return sendError(reply, new QueryError(status, [{ message }]));
  }
  request.log.error(error);
  return sendError(reply, new QueryError(500, [{ message: 'Internal error' }]));
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, new QueryError(404, [{ message: 'Not found' }]));
}
