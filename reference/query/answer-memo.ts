// A GET of the query service answers the same bytes every time: the ledger never changes once the
// server runs, and no handler reads a header or the clock. A run asks for the same pages many times
// (each test finds its own data), so the handler's answer is kept by URL and sent again. The hooks
// after the handler (ETag and 304, CORS, fault layers) still meet every answer, and only the
// handler's own answer is kept, never one a layer edited.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasBody } from '../request-body.ts';

interface KeptAnswer {
  headers: Record<string, string>;
  payload: string;
}

/** Answers kept, counted in characters of their bodies (a page of 100 transactions is about 95,000); the oldest go first. */
const MAX_CHARACTERS = 16 * 1024 * 1024;

/** Requests whose handler's answer is to be kept, each with where it goes. */
const keepers = new WeakMap<FastifyRequest, (answer: KeptAnswer) => void>();

/** Body-less GETs only: a body could meet a layer's request hook after this point. */
function rememberable(request: FastifyRequest): boolean {
  return request.method === 'GET' && !hasBody(request.raw);
}

/** Answers the GETs of `scope` that were answered before from the answer kept then. */
export function rememberAnswers(scope: FastifyInstance, maxCharacters = MAX_CHARACTERS): void {
  const answers = new Map<string, KeptAnswer>();
  let characters = 0;
  scope.addHook('onRequest', async (request, reply) => {
    if (!rememberable(request)) return;
    const known = answers.get(request.url);
    if (known) return reply.code(200).headers(known.headers).send(known.payload);
    keepers.set(request, (answer) => {
      if (answers.has(request.url) || answer.payload.length > maxCharacters) return;
      answers.set(request.url, answer);
      characters += answer.payload.length;
      for (const [url, old] of answers) {
        if (characters <= maxCharacters) break;
        answers.delete(url);
        characters -= old.payload.length;
      }
    });
  });
}

/** Called with the handler's answer (status 200) as it is sent: kept if its request is one to remember. */
export function keepAnswer(reply: FastifyReply, payload: string): void {
  const keep = keepers.get(reply.request);
  if (!keep) return;
  keepers.delete(reply.request);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  keep({ headers, payload });
}
