// The query service's error body (contract 2.5) and the failures a handler raises: 400 with one
// message per invalid parameter, 404 with a single "Not found".
import type { FastifyReply } from 'fastify';
import { toJson } from './json-body.ts';

export interface ErrorMessage { message: string; detail?: string | null; data?: string | null }

export class QueryError extends Error {
  constructor(readonly status: number, readonly messages: ErrorMessage[]) {
    super(messages.map((m) => m.message).join('; '));
  }
}

export function invalidParameter(name: string): ErrorMessage {
  return { message: `Invalid parameter: ${name}` };
}

export function unknownParameter(name: string): ErrorMessage {
  return { message: `Unknown query parameter: ${name}` };
}

export function badRequest(...names: string[]): QueryError {
  return new QueryError(400, names.map(invalidParameter));
}

export function notFound(): QueryError {
  return new QueryError(404, [{ message: 'Not found' }]);
}

/** The error body's JSON text: `{"_status":{"messages":[...]}}`. */
export function errorBodyJson(messages: readonly ErrorMessage[]): string {
  return toJson({ _status: { messages: messages.map((m) => ({ ...m })) } });
}

export function sendError(reply: FastifyReply, error: QueryError): FastifyReply {
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBodyJson(error.messages));
}
