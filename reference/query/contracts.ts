// Contract listing and lookup (with creation and runtime bytecode) and a contract's storage state.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { readQuery, limitRule, orderRule, operatorFilter, type ParamRule, type Filter } from './query-params.ts';
import { entityFilterRule, timestampFilterRule } from './filters.ts';
import { SqlConditions } from './sql-conditions.ts';
import { formatEntityId } from './entity-id.ts';
import { formatTimestamp } from './ledger-timestamp.ts';
import { int, keyJson } from './wire-format.ts';
import { linkHeader } from './pagination.ts';
import { keyedPage } from './keyed-page.ts';
import { CACHE_SECONDS, sendJson } from './json-reply.ts';
import { requireContractNum } from './contract-lookup.ts';
import { parseEvmWord } from './evm-word.ts';
import type { JsonValue } from './json-body.ts';

interface ContractRow {
  num: bigint; evm_address: string; created_ns: bigint; file_num: bigint | null; admin_key: unknown; auto_renew_account_num: bigint | null;
  auto_renew_period: bigint; expiration_ns: bigint; memo: string; max_automatic_token_associations: number; nonce: bigint; deleted: boolean;
  creation_input: string; runtime_bytecode: string;
}

function contractJson(c: ContractRow): { [key: string]: JsonValue } {
  return {
    admin_key: keyJson(c.admin_key), auto_renew_account: formatEntityId(c.auto_renew_account_num), auto_renew_period: int(c.auto_renew_period),
    contract_id: formatEntityId(c.num), created_timestamp: formatTimestamp(c.created_ns), deleted: c.deleted, evm_address: c.evm_address,
    expiration_timestamp: formatTimestamp(c.expiration_ns), file_id: formatEntityId(c.file_num),
    max_automatic_token_associations: c.max_automatic_token_associations, memo: c.memo, nonce: int(c.nonce), obtainer_id: null,
    permanent_removal: null, proxy_account_id: null, timestamp: { from: formatTimestamp(c.created_ns), to: null },
  };
}

const LIST_RULES: ParamRule[] = [entityFilterRule('contract.id'), limitRule(), orderRule];

export function registerContractRoutes(app: FastifyInstance, db: PGlite): void {
  app.get('/api/v1/contracts', async (request, reply) => {
    const query = readQuery(request.url, LIST_RULES);
    const { items, next } = await keyedPage<ContractRow>(db, '/api/v1/contracts', query,
      { from: 'contract', where: new SqlConditions(), keys: [{ param: 'contract.id', column: 'num', cast: '::numeric' }], defaultOrder: 'asc' },
      (r) => [formatEntityId(r.num)]);
    linkHeader(reply, next);
    return sendJson(reply, { contracts: items.map(contractJson), links: { next } }, CACHE_SECONDS.cachedList);
  });

  app.get<{ Params: { id: string } }>('/api/v1/contracts/:id', async (request, reply) => {
    readQuery(request.url, [timestampFilterRule()]);
    const num = await requireContractNum(db, request.params.id);
    const { rows } = await db.query<ContractRow>('SELECT * FROM contract WHERE num = $1', [num]);
    const c = rows[0]!;
    return sendJson(reply, { ...contractJson(c), bytecode: c.creation_input, runtime_bytecode: c.runtime_bytecode });
  });

  app.get<{ Params: { id: string } }>('/api/v1/contracts/:id/state', async (request, reply) => {
    const query = readQuery(request.url, [
      { name: 'slot', parse: operatorFilter(parseEvmWord) },
      timestampFilterRule('timestamp', ['eq', 'lt', 'lte']), limitRule(), orderRule,
    ]);
    const num = await requireContractNum(db, request.params.id);
    const where = new SqlConditions();
    where.add(`s.contract_num = ${where.param(num)}`);
    where.filter('s.modified_ns', query.all<Filter<string>>('timestamp'), 'and', '::numeric');
    const { items, next } = await keyedPage<{ contract_num: bigint; slot: string; value: string; modified_ns: bigint; evm_address: string }>(
      db, `/api/v1/contracts/${request.params.id}/state`, query,
      { from: 'contract_state s JOIN contract c ON c.num = s.contract_num', select: 's.*, c.evm_address', where, keys: [{ param: 'slot', column: 's.slot' }], defaultOrder: 'asc' },
      (r) => [r.slot]);
    linkHeader(reply, next);
    return sendJson(reply, {
      state: items.map((s) => ({ address: s.evm_address, contract_id: formatEntityId(s.contract_num), slot: s.slot, timestamp: formatTimestamp(s.modified_ns), value: s.value })),
      links: { next },
    });
  });
}
