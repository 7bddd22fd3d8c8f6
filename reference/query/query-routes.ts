// Every query-service route under /api/v1 except the contract call (registered by the EVM module).
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { registerScheduleRoutes } from './schedules.ts';
import { registerTransactionRoutes } from './transactions.ts';
import { registerTopicRoutes } from './topics.ts';

export async function registerQueryRoutes(app: FastifyInstance, db: PGlite): Promise<void> {
  registerScheduleRoutes(app, db);
  registerTransactionRoutes(app, db);
  registerTopicRoutes(app, db);
}
