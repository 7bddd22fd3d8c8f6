// Serves the status documents under a prefix (the status base, e.g. /api/v2). The documents are
// built once at registration: the fixture is a fixed snapshot.
import type { FastifyInstance } from 'fastify';
import { generateStatusFixture } from '../../fixtures/status/status-fixture.ts';
import { buildStatusDocuments } from './status-documents.ts';

export async function registerStatusRoutes(app: FastifyInstance, opts: { prefix: string }): Promise<void> {
  const documents = buildStatusDocuments(generateStatusFixture());
  await app.register(
    async (scope) => {
      for (const [path, body] of documents) {
        const text = JSON.stringify(body);
        scope.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
      }
      // Only a non-root prefix gets its own handler; at the root the app's 404 handler answers.
      if (opts.prefix !== '' && opts.prefix !== '/') {
        scope.setNotFoundHandler(async (request, reply) =>
          reply.code(404).send({ error: 'not_found', message: `no status document at ${request.url}` }),
        );
      }
    },
    { prefix: opts.prefix },
  );
}
