// Every query-service route under /api/v1 except the contract call (registered by the EVM module).
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { registerScheduleRoutes } from './schedules.ts';
import { registerTransactionRoutes } from './transactions.ts';
import { registerTopicRoutes } from './topics.ts';
import { registerAccountRoutes } from './accounts.ts';
import { registerTokenRoutes } from './tokens.ts';
import { registerContractRoutes } from './contracts.ts';
import { registerContractResultRoutes } from './contract-results.ts';
import { registerBlockRoutes } from './blocks.ts';
import { registerNetworkRoutes } from './network.ts';
import { registerFeeEstimateRoute } from './fee-estimate.ts';
import { registerContractOpcodeRoutes } from './contract-opcodes.ts';
import { createSqlContractStore } from '../db/contract-store-sql.ts';

export async function registerQueryRoutes(app: FastifyInstance, db: PGlite): Promise<void> {
  registerScheduleRoutes(app, db);
  registerTransactionRoutes(app, db);
  registerTopicRoutes(app, db);
  registerAccountRoutes(app, db);
  registerTokenRoutes(app, db);
  registerContractRoutes(app, db);
  registerContractResultRoutes(app, db);
  registerBlockRoutes(app, db);
  registerNetworkRoutes(app, db);
  registerFeeEstimateRoute(app);
  registerContractOpcodeRoutes(app, db, createSqlContractStore(db));
}
