// The schema compilers the reference hands fastify load on first use and then do what fastify's
// defaults do: a route that declares schemas has its input validated and its answer serialized.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SCHEMA_COMPILERS_ON_USE } from '../schema-compilers-on-use.ts';

describe('SCHEMA_COMPILERS_ON_USE', () => {
  it('validates a route\'s query and serializes its answer as fastify\'s own compilers do', async () => {
    const app = Fastify({ logger: false, schemaController: { compilersFactory: SCHEMA_COMPILERS_ON_USE } });
    app.get('/n', {
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', maximum: 100 } }, required: ['limit'] },
        response: { 200: { type: 'object', properties: { limit: { type: 'integer' } } } },
      },
    }, async (request) => ({ limit: (request.query as { limit: number }).limit, dropped: 'not in the schema' }));
    try {
      const ok = await app.inject({ url: '/n?limit=7' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ limit: 7 });
      const refused = await app.inject({ url: '/n?limit=101' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/querystring\/limit must be <= 100/);
    } finally {
      await app.close();
    }
  });
});
