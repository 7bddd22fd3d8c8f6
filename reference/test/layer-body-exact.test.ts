// A request layer that edits one field of a JSON body writes the body back: every other integer of
// it, int64 values beyond 2^53 included, must reach the handler digit for digit.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layerHooks } from '../faults/apply-layers.ts';
import type { Layer } from '../faults/layer.ts';

const setsGas: Layer = {
  name: 'test-sets-gas',
  interface: 'ledger-query',
  rules: ['LQ-4.3-gas-default'],
  description: 'sets gas when the body has none',
  request(req) {
    const body = req.body as Record<string, unknown>;
    if (body && typeof body === 'object' && !('gas' in body)) body.gas = 30000;
  },
};

describe('fault layers keep request bodies exact', () => {
  const hooks = layerHooks([setsGas]);
  const app = Fastify({ rewriteUrl: hooks.rewriteUrl });
  beforeAll(async () => {
    hooks.install(app);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.post('/api/v1/contracts/call', async (request) => ({ received: request.body }));
    app.get('/api/v1/tokens/1', async (_request, reply) => reply.type('application/json').send('{"max_supply":9223372036854775807}'));
    await app.ready();
  });
  afterAll(() => app.close());

  it('writes an edited body back with 2^63 - 1 and -2^63 unrounded', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/v1/contracts/call', headers: { 'content-type': 'application/json' }, payload: '{"value":9223372036854775807,"gasPrice":-9223372036854775808}' });
    const received = (answer.json() as { received: string }).received;
    expect(received).toContain('"value":9223372036854775807');
    expect(received).toContain('"gasPrice":-9223372036854775808');
    expect(received).toContain('"gas":30000');
  });

  it('passes an answer with integers beyond 2^53 through the response hooks unchanged', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/tokens/1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('{"max_supply":9223372036854775807}');
  });
});
