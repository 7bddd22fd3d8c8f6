// The query service's GETs are answered again from the handler's kept answer: the handler runs once
// per URL, and what follows it (ETag and 304, fault layers) still meets every answer.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberAnswers } from '../query/answer-memo.ts';
import { applyEtags } from '../query/http-conventions.ts';
import { sendJson } from '../query/json-reply.ts';
import { layerHooks } from '../faults/apply-layers.ts';
import type { Layer } from '../faults/layer.ts';

/** Adds one mark to every answer of /api/v1/items: an answer edited twice would carry two. */
const marking: Layer = {
  name: 'marks-items',
  interface: 'ledger-query',
  rules: ['LQ-7-no-server-error'],
  description: 'marks every answer of the items list',
  response: (req, res) => {
    if (req.path === '/api/v1/items' && typeof res.body === 'object' && res.body !== null) {
      const body = res.body as { marks?: number };
      body.marks = (body.marks ?? 0) + 1;
    }
  },
};

let app: FastifyInstance | undefined;

/** A query scope as the reference builds one, whose handlers count their runs. */
async function serve(options: { layers?: Layer[]; maxCharacters?: number } = {}) {
  const runs: string[] = [];
  const hooks = options.layers ? layerHooks(options.layers) : undefined;
  app = Fastify(hooks ? { rewriteUrl: hooks.rewriteUrl } : {});
  hooks?.install(app);
  await app.register(async (scope) => {
    rememberAnswers(scope, options.maxCharacters);
    applyEtags(scope);
    scope.get('/api/v1/items', async (request, reply) => {
      runs.push(request.url);
      reply.header('link', '</api/v1/items?page=2>; rel="next"');
      return sendJson(reply, { items: [request.url.length, runs.length] });
    });
    scope.post('/api/v1/items', async (request, reply) => {
      runs.push(`POST ${request.url}`);
      return sendJson(reply, { posted: runs.length });
    });
    scope.get('/api/v1/broken', async (request) => {
      runs.push(request.url);
      throw Object.assign(new Error('no such item'), { statusCode: 404 });
    });
  });
  return { app, runs };
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('kept answers of the query service', () => {
  it('runs the handler once for repeated GETs of a URL and sends the same status, headers and body; another URL runs it again', async () => {
    const { app, runs } = await serve();
    const first = await app.inject({ method: 'GET', url: '/api/v1/items?limit=2' });
    const again = await app.inject({ method: 'GET', url: '/api/v1/items?limit=2' });
    const other = await app.inject({ method: 'GET', url: '/api/v1/items?limit=3' });
    expect(runs).toEqual(['/api/v1/items?limit=2', '/api/v1/items?limit=3']);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    for (const name of ['content-type', 'cache-control', 'link', 'etag']) expect(again.headers[name], name).toBe(first.headers[name]);
    expect(JSON.parse(other.body)).toEqual({ items: [21, 2] });
  });

  it('keeps the handler\'s answer, not a fault layer\'s edit: each answer is edited once', async () => {
    const { app, runs } = await serve({ layers: [marking] });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(JSON.parse((await app.inject({ method: 'GET', url: '/api/v1/items' })).body) as { marks: number });
    expect(runs).toHaveLength(1);
    expect(answers.map((a) => a.marks)).toEqual([1, 1, 1]);
  });

  it('answers If-None-Match with 304 on a kept answer, the ETag computed on what is sent', async () => {
    const { app } = await serve();
    const { headers } = await app.inject({ method: 'GET', url: '/api/v1/items' });
    const conditional = await app.inject({ method: 'GET', url: '/api/v1/items', headers: { 'if-none-match': String(headers.etag) } });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
  });

  it('keeps no answer of a HEAD, a POST, a GET with a body or an error', async () => {
    const { app, runs } = await serve();
    for (let i = 0; i < 2; i++) {
      await app.inject({ method: 'HEAD', url: '/api/v1/items?head' });
      await app.inject({ method: 'POST', url: '/api/v1/items', payload: { a: 1 } });
      await app.inject({ method: 'GET', url: '/api/v1/items?with-body', headers: { 'content-type': 'text/plain' }, payload: 'x' });
      expect((await app.inject({ method: 'GET', url: '/api/v1/broken' })).statusCode).toBe(404);
    }
    expect(runs.filter((r) => r === '/api/v1/items?head')).toHaveLength(2);
    expect(runs.filter((r) => r === 'POST /api/v1/items')).toHaveLength(2);
    expect(runs.filter((r) => r === '/api/v1/items?with-body')).toHaveLength(2);
    expect(runs.filter((r) => r === '/api/v1/broken')).toHaveLength(2);
  });

  it('keeps answers up to a number of characters: the oldest is let go and its URL runs again', async () => {
    // Each answer of these URLs is 16 characters ({"items":[15,n]}): two fit in 40, not three.
    const { app, runs } = await serve({ maxCharacters: 40 });
    for (const url of ['/api/v1/items?a', '/api/v1/items?b', '/api/v1/items?c', '/api/v1/items?c', '/api/v1/items?b', '/api/v1/items?a']) {
      await app.inject({ method: 'GET', url });
    }
    expect(runs).toEqual(['/api/v1/items?a', '/api/v1/items?b', '/api/v1/items?c', '/api/v1/items?a']);
  });
});
