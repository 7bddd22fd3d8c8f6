// GET /api/v1/topics/{id} (contract 4.5) and the topic message endpoints of 4.6: messages of a
// topic (an unknown topic has none), one message by sequence number or by consensus timestamp.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { readQuery, limitRule, orderRule, enumRule, type ParamRule, type Filter } from './query-params.ts';
import { integerFilterRule, timestampFilterRule } from './filters.ts';
import { SqlConditions } from './sql-conditions.ts';
import { formatEntityId, localNum, parseEntityId, parsePathEntityId, type EntityId } from './entity-id.ts';
import { formatTimestamp, parseTimestamp } from './ledger-timestamp.ts';
import { latestConsensusNs } from './ledger-end.ts';
import { base64, int, keyJson } from './wire-format.ts';
import { linkHeader } from './pagination.ts';
import { keyedPage } from './keyed-page.ts';
import { sendJson } from './json-reply.ts';
import { badRequest, notFound } from './query-error.ts';
import type { JsonValue } from './json-body.ts';

interface TopicRow {
  num: bigint; admin_key: unknown; submit_key: unknown; fee_schedule_key: unknown; fee_exempt_key_list: unknown[]; auto_renew_num: bigint;
  auto_renew_period: bigint; created_ns: bigint; modified_ns: bigint; deleted: boolean; memo: string;
  fixed_fees: Array<{ amount: number; collectorNum: number; denominatingTokenNum: number | null }>;
}
interface MessageRow {
  consensus_ns: bigint; topic_num: bigint; sequence_number: bigint; message: Uint8Array; payer_num: bigint; running_hash: Uint8Array;
  running_hash_version: number; valid_start_ns: bigint; chunk: { number: number; total: number; initial_valid_start_ns: string } | null;
}

function topicJson(row: TopicRow, ledgerEndNs: bigint): JsonValue {
  return {
    admin_key: keyJson(row.admin_key),
    auto_renew_account: formatEntityId(row.auto_renew_num),
    auto_renew_period: int(row.auto_renew_period),
    created_timestamp: formatTimestamp(row.created_ns),
    custom_fees: {
      created_timestamp: formatTimestamp(row.created_ns),
      fixed_fees: row.fixed_fees.map((f) => ({ amount: f.amount, collector_account_id: formatEntityId(f.collectorNum), denominating_token_id: formatEntityId(f.denominatingTokenNum) })),
    },
    deleted: row.deleted,
    fee_exempt_key_list: row.fee_exempt_key_list.map(keyJson),
    fee_schedule_key: keyJson(row.fee_schedule_key),
    memo: row.memo,
    submit_key: keyJson(row.submit_key),
    // Contract 2.4 types `to` as a non-null Timestamp: the topic's current state holds up to the ledger's latest consensus timestamp.
    timestamp: { from: formatTimestamp(row.modified_ns), to: formatTimestamp(ledgerEndNs) },
    topic_id: formatEntityId(row.num),
  };
}

function messageJson(row: MessageRow, encoding: string): JsonValue {
  return {
    chunk_info: row.chunk
      ? {
          initial_transaction_id: {
            account_id: formatEntityId(row.payer_num), nonce: 0, scheduled: false,
            transaction_valid_start: formatTimestamp(BigInt(row.chunk.initial_valid_start_ns)),
          },
          number: row.chunk.number,
          total: row.chunk.total,
        }
      : null,
    consensus_timestamp: formatTimestamp(row.consensus_ns),
    message: encoding === 'utf-8' ? Buffer.from(row.message).toString('utf8') : base64(row.message),
    payer_account_id: formatEntityId(row.payer_num),
    running_hash: base64(row.running_hash),
    running_hash_version: row.running_hash_version,
    sequence_number: int(row.sequence_number),
    topic_id: formatEntityId(row.topic_num),
  };
}

const ENCODING = enumRule('encoding', ['base64', 'utf-8']);
const MESSAGE_RULES: ParamRule[] = [integerFilterRule('sequencenumber'), timestampFilterRule(), ENCODING, limitRule(), orderRule];

function topicNum(text: string, parse: (text: string) => EntityId | undefined = parsePathEntityId): bigint | null {
  const id = parse(text);
  if (!id) throw badRequest('topic.id');
  return localNum(id);
}

export function registerTopicRoutes(app: FastifyInstance, db: PGlite): void {
  app.get<{ Params: { id: string } }>('/api/v1/topics/:id', async (request, reply) => {
    // Contract 4.5 types topicId as an EntityId: the lenient forms of the message paths are malformed here.
    const num = topicNum(request.params.id, parseEntityId);
    readQuery(request.url, []);
    const { rows } = num === null ? { rows: [] } : await db.query<TopicRow>('SELECT * FROM topic WHERE num = $1', [num]);
    if (!rows.length) throw notFound();
    return sendJson(reply, topicJson(rows[0]!, await latestConsensusNs(db)));
  });

  app.get<{ Params: { id: string } }>('/api/v1/topics/:id/messages', async (request, reply) => {
    const num = topicNum(request.params.id);
    const query = readQuery(request.url, MESSAGE_RULES);
    const where = new SqlConditions();
    where.add(`topic_num = ${where.param(num ?? -1n)}`);
    where.filter('sequence_number', query.all<Filter<string>>('sequencenumber'), 'or', '::numeric');
    const { items, next } = await keyedPage<MessageRow>(db, `/api/v1/topics/${request.params.id}/messages`, query,
      { from: 'topic_message', where, keys: [{ param: 'timestamp', column: 'consensus_ns', cast: '::numeric' }], defaultOrder: 'asc' },
      (m) => [formatTimestamp(m.consensus_ns)]);
    linkHeader(reply, next);
    const encoding = query.first<string>('encoding') ?? 'base64';
    return sendJson(reply, { messages: items.map((m) => messageJson(m, encoding)), links: { next } });
  });

  // The last segment is a sequence number (digits) or a consensus timestamp (seconds.nanos).
  app.get<{ Params: { id: string; key: string } }>('/api/v1/topics/:id/messages/:key', async (request, reply) => {
    const num = topicNum(request.params.id);
    const key = request.params.key;
    const query = readQuery(request.url, [ENCODING]);
    const byTimestamp = key.includes('.');
    const timestamp = byTimestamp ? parseTimestamp(key) : undefined;
    if (byTimestamp ? timestamp === undefined : !/^\d{1,19}$/.test(key)) throw badRequest(byTimestamp ? 'consensustimestamp' : 'sequencenumber');
    const { rows } = byTimestamp
      ? await db.query<MessageRow>('SELECT * FROM topic_message WHERE topic_num = $1 AND consensus_ns = $2::numeric', [num ?? -1n, timestamp?.toString()])
      : await db.query<MessageRow>('SELECT * FROM topic_message WHERE topic_num = $1 AND sequence_number = $2::numeric', [num ?? -1n, key]);
    if (!rows.length) throw notFound();
    return sendJson(reply, messageJson(rows[0]!, query.first<string>('encoding') ?? 'base64'));
  });

  app.get<{ Params: { timestamp: string } }>('/api/v1/topics/messages/:timestamp', async (request, reply) => {
    const timestamp = parseTimestamp(request.params.timestamp);
    if (timestamp === undefined) throw badRequest('consensustimestamp');
    const query = readQuery(request.url, [ENCODING]);
    const { rows } = await db.query<MessageRow>('SELECT * FROM topic_message WHERE consensus_ns = $1::numeric', [timestamp.toString()]);
    if (!rows.length) throw notFound();
    return sendJson(reply, messageJson(rows[0]!, query.first<string>('encoding') ?? 'base64'));
  });
}

