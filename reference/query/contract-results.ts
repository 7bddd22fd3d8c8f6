// Contract results (execution outcomes of contract transactions), their logs and actions:
// per contract, across contracts, and one result by transaction ID, hash or consensus timestamp.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { readQuery, limitRule, orderRule, booleanRule, type ParamRule, type Filter, type ParsedQuery } from './query-params.ts';
import { integerFilterRule, timestampFilterRule } from './filters.ts';
import { SqlConditions } from './sql-conditions.ts';
import { formatEntityId, localNum } from './entity-id.ts';
import { formatTimestamp, parseTimestamp } from './ledger-timestamp.ts';
import { int } from './wire-format.ts';
import { linkHeader } from './pagination.ts';
import { keyedPage } from './keyed-page.ts';
import { sendJson } from './json-reply.ts';
import { badRequest, notFound } from './query-error.ts';
import { requireContractNum } from './contract-lookup.ts';
import { parseEvmAddress } from './evm-address.ts';
import { parseHash } from './record-hash.ts';
import { parseEvmWord } from './evm-word.ts';
import { parseTransactionId } from './transaction-id.ts';
import type { JsonValue } from './json-body.ts';

/** The chain the fixture ledger stands for (testnet, 296). */
const CHAIN_ID = '0x128';

export interface ResultRow {
  consensus_ns: bigint; contract_num: bigint; payer_num: bigint; sender_evm: string; to_evm: string | null; amount: bigint; gas_limit: bigint;
  gas_used: bigint; gas_consumed: bigint; call_result: string; function_parameters: string; error_message: string | null; status: string;
  result: string; created_contract_nums: number[]; bloom: string; hash: string; nonce: bigint; transaction_index: number; block_number: number;
  gas_price: string; state_changes: Array<{ slot: string; valueRead: string; valueWritten: string | null }>; block_hash: string; block_gas_used: bigint;
  contract_address: string;
}

const RESULT_SELECT = 'r.*, b.hash AS block_hash, b.gas_used AS block_gas_used, c.evm_address AS contract_address';
const RESULT_FROM = 'contract_result r JOIN block b ON b.number = r.block_number JOIN contract c ON c.num = r.contract_num';

function resultJson(r: ResultRow): { [key: string]: JsonValue } {
  return {
    address: r.contract_address, amount: int(r.amount), block_gas_used: int(r.block_gas_used), block_hash: `0x${r.block_hash}`, block_number: r.block_number,
    bloom: r.bloom, call_result: r.call_result, chain_id: CHAIN_ID, contract_id: formatEntityId(r.contract_num),
    created_contract_ids: r.created_contract_nums.map((n) => formatEntityId(n)), error_message: r.error_message, failed_initcode: null,
    from: r.sender_evm, function_parameters: r.function_parameters, gas_consumed: int(r.gas_consumed), gas_limit: int(r.gas_limit),
    gas_price: r.gas_price, gas_used: int(r.gas_used), hash: r.hash, max_fee_per_gas: '0x', max_priority_fee_per_gas: '0x', nonce: int(r.nonce),
    r: null, result: r.result, s: null, status: r.status, timestamp: formatTimestamp(r.consensus_ns), to: r.to_evm,
    transaction_index: r.transaction_index, type: null, v: null,
  };
}

interface LogRow {
  consensus_ns: bigint; index: number; contract_num: bigint; root_contract_num: bigint; address: string; topics: string[]; data: string; bloom: string;
  block_hash: string; block_number: number; hash: string; transaction_index: number;
}

function logJson(l: LogRow): { [key: string]: JsonValue } {
  return {
    address: l.address, block_hash: `0x${l.block_hash}`, block_number: l.block_number, bloom: l.bloom, contract_id: formatEntityId(l.contract_num),
    data: l.data, index: l.index, root_contract_id: formatEntityId(l.root_contract_num), timestamp: formatTimestamp(l.consensus_ns),
    topics: l.topics, transaction_hash: l.hash, transaction_index: l.transaction_index,
  };
}

const HEX32 = /^(0x)?[0-9a-fA-F]{64}$/;
const RESULT_RULES: ParamRule[] = [
  timestampFilterRule(), { name: 'from', single: true, parse: parseEvmAddress },
  { name: 'block.hash', single: true, parse: parseHash },
  integerFilterRule('block.number'), booleanRule('internal'), integerFilterRule('transaction.index', ['eq']), limitRule(), orderRule,
];
const LOG_RULES: ParamRule[] = [
  integerFilterRule('index'), timestampFilterRule(),
  ...[0, 1, 2, 3].map((i): ParamRule => ({ name: `topic${i}`, parse: parseEvmWord })),
  { name: 'transaction.hash', single: true, parse: (v) => (HEX32.test(v) ? `0x${v.replace(/^0x/, '').toLowerCase()}` : undefined) },
  limitRule(), orderRule,
];

async function resultPage(db: PGlite, reply: Parameters<typeof sendJson>[0], path: string, query: ParsedQuery, contractNum: bigint | null) {
  const where = new SqlConditions();
  if (contractNum !== null) where.add(`r.contract_num = ${where.param(contractNum)}`);
  const from = query.first<string>('from');
  if (from) where.add(`r.sender_evm = ${where.param(from)}`);
  const blockHash = query.first<string>('block.hash');
  if (blockHash) where.add(blockHash.length === 96 ? `b.hash = ${where.param(blockHash)}` : `substring(b.hash from 1 for 64) = ${where.param(blockHash)}`);
  where.filter('r.block_number', query.all<Filter<string>>('block.number'), 'or', '::numeric');
  where.filter('r.transaction_index', query.all<Filter<string>>('transaction.index'), 'or', '::numeric');
  const { items, next } = await keyedPage<ResultRow>(db, path, query,
    { from: RESULT_FROM, select: RESULT_SELECT, where, keys: [{ param: 'timestamp', column: 'r.consensus_ns', cast: '::numeric' }], defaultOrder: 'desc' },
    (r) => [formatTimestamp(r.consensus_ns)]);
  linkHeader(reply, next);
  return sendJson(reply, { results: items.map(resultJson), links: { next } });
}

async function logPage(db: PGlite, reply: Parameters<typeof sendJson>[0], path: string, query: ParsedQuery, contractNum: bigint | null) {
  const where = new SqlConditions();
  if (contractNum !== null) where.add(`l.contract_num = ${where.param(contractNum)}`);
  for (const i of [0, 1, 2, 3]) {
    const topics = query.all<string>(`topic${i}`);
    if (topics.length) where.add(`l.topic${i} IN (${topics.map((t) => where.param(t)).join(',')})`);
  }
  const hash = query.first<string>('transaction.hash');
  if (hash) where.add(`r.hash = ${where.param(hash)}`);
  const { items, next } = await keyedPage<LogRow>(db, path, query,
    {
      from: 'contract_log l JOIN contract_result r ON r.consensus_ns = l.consensus_ns JOIN block b ON b.number = r.block_number',
      select: 'l.*, b.hash AS block_hash, r.block_number, r.hash, r.transaction_index', where,
      keys: [{ param: 'timestamp', column: 'l.consensus_ns', cast: '::numeric' }, { param: 'index', column: 'l.index', cast: '::numeric' }], defaultOrder: 'desc',
    },
    (l) => [formatTimestamp(l.consensus_ns), String(l.index)]);
  linkHeader(reply, next);
  return sendJson(reply, { logs: items.map(logJson), links: { next } });
}

/** The consensus timestamp of the result a transaction ID, a hash or a timestamp names. */
export async function resultTimestamp(db: PGlite, key: string): Promise<bigint> {
  const id = parseTransactionId(key);
  const hash = id ? undefined : parseHash(key);
  const timestamp = id || hash ? undefined : parseTimestamp(key);
  if (!id && !hash && timestamp === undefined) throw badRequest('transactionidorhash');
  let rows: Array<{ consensus_ns: bigint }>;
  if (id) {
    const payerNum = localNum(id.payer);
    if (payerNum === null) throw notFound();
    ({ rows } = await db.query<{ consensus_ns: bigint }>(
      `SELECT r.consensus_ns FROM contract_result r JOIN transaction t ON t.consensus_ns = r.consensus_ns
       WHERE t.payer_num = $1 AND t.valid_start_ns = $2::numeric ORDER BY t.nonce LIMIT 1`, [payerNum, id.validStartNs.toString()]));
  } else if (hash) {
    ({ rows } = await db.query<{ consensus_ns: bigint }>('SELECT consensus_ns FROM contract_result WHERE hash = $1', [`0x${hash.slice(0, 64)}`]));
  } else {
    ({ rows } = await db.query<{ consensus_ns: bigint }>('SELECT consensus_ns FROM contract_result WHERE consensus_ns = $1::numeric', [timestamp!.toString()]));
  }
  if (!rows.length) throw notFound();
  return rows[0]!.consensus_ns;
}

async function resultDetail(db: PGlite, consensusNs: bigint): Promise<JsonValue> {
  const { rows } = await db.query<ResultRow>(`SELECT ${RESULT_SELECT} FROM ${RESULT_FROM} WHERE r.consensus_ns = $1`, [consensusNs]);
  const r = rows[0]!;
  const { rows: logs } = await db.query<LogRow>('SELECT * FROM contract_log WHERE consensus_ns = $1 ORDER BY index', [consensusNs]);
  return {
    ...resultJson(r),
    access_list: '0x',
    logs: logs.map((l) => ({ address: l.address, bloom: l.bloom, contract_id: formatEntityId(l.contract_num), data: l.data, index: l.index, topics: l.topics })),
    state_changes: r.state_changes.map((s) => ({ address: r.contract_address, contract_id: formatEntityId(r.contract_num), slot: s.slot, value_read: s.valueRead, value_written: s.valueWritten })),
  };
}

export function registerContractResultRoutes(app: FastifyInstance, db: PGlite): void {
  app.get('/api/v1/contracts/results', async (request, reply) =>
    resultPage(db, reply, '/api/v1/contracts/results', readQuery(request.url, RESULT_RULES), null));

  app.get('/api/v1/contracts/logs', async (request, reply) =>
    logPage(db, reply, '/api/v1/contracts/logs', readQuery(request.url, LOG_RULES), null));

  app.get<{ Params: { id: string } }>('/api/v1/contracts/:id/results', async (request, reply) => {
    const query = readQuery(request.url, RESULT_RULES);
    return resultPage(db, reply, `/api/v1/contracts/${request.params.id}/results`, query, await requireContractNum(db, request.params.id));
  });

  app.get<{ Params: { id: string } }>('/api/v1/contracts/:id/results/logs', async (request, reply) => {
    const query = readQuery(request.url, LOG_RULES);
    return logPage(db, reply, `/api/v1/contracts/${request.params.id}/results/logs`, query, await requireContractNum(db, request.params.id));
  });

  app.get<{ Params: { id: string; timestamp: string } }>('/api/v1/contracts/:id/results/:timestamp', async (request, reply) => {
    const num = await requireContractNum(db, request.params.id);
    const timestamp = parseTimestamp(request.params.timestamp);
    if (timestamp === undefined) throw badRequest('timestamp');
    readQuery(request.url, []);
    const { rows } = await db.query<{ consensus_ns: bigint }>('SELECT consensus_ns FROM contract_result WHERE consensus_ns = $1::numeric AND contract_num = $2', [timestamp.toString(), num]);
    if (!rows.length) throw notFound();
    return sendJson(reply, await resultDetail(db, rows[0]!.consensus_ns));
  });

  app.get<{ Params: { key: string } }>('/api/v1/contracts/results/:key', async (request, reply) => {
    const consensusNs = await resultTimestamp(db, request.params.key);
    readQuery(request.url, [{ name: 'nonce', single: true, parse: (v) => (/^\d{1,10}$/.test(v) ? Number(v) : undefined) }]);
    return sendJson(reply, await resultDetail(db, consensusNs));
  });

  // Contract actions: the contract's path form ends in /results, the service's own in /actions.
  for (const suffix of ['actions', 'results']) {
    app.get<{ Params: { key: string } }>(`/api/v1/contracts/results/:key/${suffix}`, async (request, reply) => {
      const consensusNs = await resultTimestamp(db, request.params.key);
      const query = readQuery(request.url, [integerFilterRule('index'), limitRule(), orderRule]);
      const where = new SqlConditions();
      where.add(`consensus_ns = ${where.param(consensusNs)}`);
      const { items, next } = await keyedPage<{
        consensus_ns: bigint; index: number; call_depth: number; call_operation_type: string; call_type: string; caller_num: bigint; caller_type: string;
        from_evm: string; gas: bigint; gas_used: bigint; input: string; recipient_num: bigint; recipient_type: string; result_data: string;
        result_data_type: string; to_evm: string; value: bigint;
      }>(db, `/api/v1/contracts/results/${request.params.key}/${suffix}`, query,
        { from: 'contract_action', where, keys: [{ param: 'index', column: 'index', cast: '::numeric' }], defaultOrder: 'asc' },
        (a) => [String(a.index)]);
      linkHeader(reply, next);
      return sendJson(reply, {
        actions: items.map((a) => ({
          call_depth: a.call_depth, call_operation_type: a.call_operation_type, call_type: a.call_type, caller: formatEntityId(a.caller_num),
          caller_type: a.caller_type, from: a.from_evm, gas: int(a.gas), gas_used: int(a.gas_used), index: a.index, input: a.input,
          recipient: formatEntityId(a.recipient_num), recipient_type: a.recipient_type, result_data: a.result_data, result_data_type: a.result_data_type,
          timestamp: formatTimestamp(a.consensus_ns), to: a.to_evm, value: int(a.value),
        })),
        links: { next },
      });
    });
  }
}

