// GET /api/v1/schedules (contract 4.1) and /api/v1/schedules/{id}: schedules with their signatures,
// ordered by schedule ID; account.id filters the creator.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { readQuery, limitRule, orderRule, type Order, type ParamRule } from './query-params.ts';
import { entityFilterRule, type EntityFilter } from './filters.ts';
import { SqlConditions } from './sql-conditions.ts';
import { formatEntityId, localNum, parsePathEntityId } from './entity-id.ts';
import { formatTimestamp } from './ledger-timestamp.ts';
import { base64, keyJson } from './wire-format.ts';
import { linkHeader, nextLink, pageOf } from './pagination.ts';
import { CACHE_SECONDS, sendJson } from './json-reply.ts';
import { badRequest, notFound } from './query-error.ts';
import type { JsonValue } from './json-body.ts';
import { rowsBy } from './rows-by.ts';

interface ScheduleRow {
  num: bigint; creator_num: bigint; payer_num: bigint; admin_key: unknown; consensus_ns: bigint; deleted: boolean;
  executed_ns: bigint | null; expiration_ns: bigint | null; memo: string; transaction_body: Uint8Array; wait_for_expiry: boolean;
}
interface SignatureRow { schedule_num: bigint; consensus_ns: bigint; public_key_prefix: Uint8Array; signature: Uint8Array; type: string }

const LIST_RULES: ParamRule[] = [entityFilterRule('account.id'), entityFilterRule('schedule.id'), limitRule(), orderRule];

async function withSignatures(db: PGlite, rows: ScheduleRow[]): Promise<JsonValue[]> {
  if (!rows.length) return [];
  const { rows: signatures } = await db.query<SignatureRow>(
    `SELECT * FROM schedule_signature WHERE schedule_num IN (${rows.map((r) => r.num).join(',')}) ORDER BY schedule_num, position`);
  const signaturesOf = rowsBy(signatures, (s) => s.schedule_num);
  return rows.map((row) => ({
    admin_key: keyJson(row.admin_key),
    consensus_timestamp: formatTimestamp(row.consensus_ns),
    creator_account_id: formatEntityId(row.creator_num),
    deleted: row.deleted,
    executed_timestamp: formatTimestamp(row.executed_ns),
    expiration_time: formatTimestamp(row.expiration_ns),
    memo: row.memo,
    payer_account_id: formatEntityId(row.payer_num),
    schedule_id: formatEntityId(row.num),
    signatures: (signaturesOf.get(row.num) ?? []).map((s) => ({
      consensus_timestamp: formatTimestamp(s.consensus_ns),
      public_key_prefix: base64(s.public_key_prefix),
      signature: base64(s.signature),
      type: s.type,
    })),
    transaction_body: base64(row.transaction_body),
    wait_for_expiry: row.wait_for_expiry,
  }));
}

export function registerScheduleRoutes(app: FastifyInstance, db: PGlite): void {
  app.get('/api/v1/schedules', async (request, reply) => {
    const query = readQuery(request.url, LIST_RULES);
    const limit = query.first<number>('limit') ?? 25;
    const order = query.first<Order>('order') ?? 'asc';
    // Paged here, not by keyedPage: the notes AND repeated schedule.id equalities, keyedPage ORs a key's.
    const where = new SqlConditions();
    where.filter('creator_num', query.all<EntityFilter>('account.id'), 'and', '::numeric');
    where.filter('num', query.all<EntityFilter>('schedule.id'), 'and', '::numeric');
    const { rows } = await db.query<ScheduleRow>(
      `SELECT * FROM schedule ${where.where()} ORDER BY num ${order} LIMIT ${limit + 1}`, where.params);
    const { items, more } = pageOf(rows, limit);
    const next = nextLink('/api/v1/schedules', query, more ? { param: 'schedule.id', order, last: formatEntityId(items[items.length - 1]!.num) } : null);
    linkHeader(reply, next);
    return sendJson(reply, { schedules: await withSignatures(db, items), links: { next } }, CACHE_SECONDS.cachedList);
  });

  app.get<{ Params: { id: string } }>('/api/v1/schedules/:id', async (request, reply) => {
    const id = parsePathEntityId(request.params.id);
    if (!id) throw badRequest('scheduleid');
    readQuery(request.url, []);
    const num = localNum(id);
    const { rows } = num === null ? { rows: [] } : await db.query<ScheduleRow>('SELECT * FROM schedule WHERE num = $1', [num]);
    if (!rows.length) throw notFound();
    const [schedule] = await withSignatures(db, rows);
    return sendJson(reply, schedule!);
  });
}
