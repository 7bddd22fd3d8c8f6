// Response hooks see an answer's body parsed only when they read or replace it; an answer no hook
// changed is sent as the handler wrote it, byte for byte.
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { layerHooks } from '../faults/apply-layers.ts';
import type { Layer, LayerResponse } from '../faults/layer.ts';

// Spaced as no serializer writes it: a re-serialized answer would lose the spaces.
const ANSWER = '{ "value": 1, "note": "as written" }';

const hook = (name: string, response: (path: string, res: LayerResponse) => void): Layer => ({
  name,
  interface: 'ledger-query',
  rules: ['LQ-7-no-server-error'],
  description: name,
  response: (req, res) => response(req.path, res),
});

const layers = [
  hook('reads-other-paths', (path, res) => {
    if (path === '/api/v1/read' && typeof res.body === 'object') (res.body as { value: number }).value = 2;
  }),
  hook('replaces-unread', (path, res) => {
    if (path === '/api/v1/replaced') res.body = { replaced: true };
  }),
  hook('assigns-equal', (path, res) => {
    if (path === '/api/v1/same') res.body = { value: 1, note: 'as written' };
  }),
];

describe('response hooks and the answer body', () => {
  const hooks = layerHooks(layers);
  const app = Fastify({ rewriteUrl: hooks.rewriteUrl });
  beforeAll(async () => {
    hooks.install(app);
    for (const path of ['/api/v1/untouched', '/api/v1/read', '/api/v1/replaced', '/api/v1/same']) {
      app.get(path, async (_request, reply) => reply.type('application/json').send(ANSWER));
    }
    await app.ready();
  });
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  it('leaves an answer no hook reads unparsed and sends its bytes as written', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const answer = await app.inject({ method: 'GET', url: '/api/v1/untouched' });
    expect(answer.body).toBe(ANSWER);
    expect(parse.mock.calls.filter(([text]) => text === ANSWER)).toEqual([]);
  });

  it('sends the edit of a hook that read the body', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/read' });
    expect(answer.body).toBe('{"value":2,"note":"as written"}');
    expect(answer.headers['content-length']).toBe(String(answer.rawPayload.length));
  });

  it('sends a body a hook replaced without reading it', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/replaced' });
    expect(answer.body).toBe('{"replaced":true}');
  });

  it('keeps the bytes as written when a hook assigns a body equal to the answer', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/same' });
    expect(answer.body).toBe(ANSWER);
  });
});
