// Blocks (record files): the list, newest first by default, and one block by number or hash.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { readQuery, limitRule, orderRule, type Filter } from './query-params.ts';
import { integerFilterRule, timestampFilterRule } from './filters.ts';
import { SqlConditions } from './sql-conditions.ts';
import { formatTimestamp } from './ledger-timestamp.ts';
import { int } from './wire-format.ts';
import { linkHeader } from './pagination.ts';
import { keyedPage } from './keyed-page.ts';
import { sendJson } from './json-reply.ts';
import { badRequest, notFound } from './query-error.ts';
import { parseHash } from './record-hash.ts';
import type { JsonValue } from './json-body.ts';

interface BlockRow {
  number: number; hash: string; previous_hash: string; from_ns: bigint; to_ns: bigint; count: number; gas_used: bigint;
  hapi_version: string; name: string; size: number; logs_bloom: string;
}

function blockJson(b: BlockRow): JsonValue {
  return {
    count: b.count, gas_used: int(b.gas_used), hapi_version: b.hapi_version, hash: `0x${b.hash}`, logs_bloom: b.logs_bloom, name: b.name,
    number: b.number, previous_hash: `0x${b.previous_hash}`, size: b.size, timestamp: { from: formatTimestamp(b.from_ns), to: formatTimestamp(b.to_ns) },
  };
}

export function registerBlockRoutes(app: FastifyInstance, db: PGlite): void {
  app.get('/api/v1/blocks', async (request, reply) => {
    const query = readQuery(request.url, [integerFilterRule('block.number'), timestampFilterRule(), limitRule(), orderRule]);
    const where = new SqlConditions();
    // A timestamp filter selects the blocks whose range meets it: compare with the block's end.
    where.filter('to_ns', query.all<Filter<string>>('timestamp'), 'and', '::numeric');
    const { items, next } = await keyedPage<BlockRow>(db, '/api/v1/blocks', query,
      { from: 'block', where, keys: [{ param: 'block.number', column: 'number', cast: '::numeric' }], defaultOrder: 'desc' },
      (b) => [String(b.number)]);
    linkHeader(reply, next);
    return sendJson(reply, { blocks: items.map(blockJson), links: { next } });
  });

  app.get<{ Params: { key: string } }>('/api/v1/blocks/:key', async (request, reply) => {
    const key = request.params.key;
    const hash = parseHash(key);
    if (!hash && !/^\d{1,19}$/.test(key)) throw badRequest('hashOrNumber');
    readQuery(request.url, []);
    const { rows } = hash
      ? await db.query<BlockRow>('SELECT * FROM block WHERE substring(hash from 1 for $2) = $1', [hash, hash.length])
      : await db.query<BlockRow>('SELECT * FROM block WHERE number = $1::numeric', [key]);
    if (!rows.length) throw notFound();
    return sendJson(reply, blockJson(rows[0]!));
  });
}
