// One page of a list ordered by one key or a tuple of keys, with its next link: the request's order,
// limit and key filters apply (the list gives the defaults), a tuple cursor (see tupleCursor)
// continues a composite walk.
import type { PGlite } from '@electric-sql/pglite';
import type { Filter, Order, ParsedQuery } from './query-params.ts';
import type { SqlConditions } from './sql-conditions.ts';
import { nextLink, pageOf, tupleCursor, tupleNextLink, type TupleKey } from './pagination.ts';

export interface KeyedQuery {
  /** Table (or joined tables) to select from. */
  from: string;
  /** Conditions other than the keys', already filled. */
  where: SqlConditions;
  keys: readonly TupleKey[];
  /** Used when the request gives no `order` / `limit`. */
  defaultOrder: Order;
  defaultLimit?: number;
  select?: string;
}

export async function keyedPage<T>(
  db: PGlite, path: string, query: ParsedQuery, sql: KeyedQuery, lastKeys: (row: T) => string[],
): Promise<{ items: T[]; next: string | null }> {
  const { where, keys } = sql;
  const order = query.first<Order>('order') ?? sql.defaultOrder;
  const limit = query.first<number>('limit') ?? sql.defaultLimit ?? 25;
  const cursor = keys.length > 1 ? tupleCursor(query, keys, order) : null;
  for (const key of keys) {
    const filters = query.all<Filter<string>>(key.param).filter((f) => !cursor?.consumed.has(f));
    where.filter(key.column, filters, 'or', key.cast ?? '');
  }
  if (cursor) {
    const op = order === 'asc' ? '>' : '<';
    where.add(`(${keys.map((k) => k.column).join(',')}) ${op} (${cursor.values.map((v, i) => `${where.param(v)}${keys[i]!.cast ?? ''}`).join(',')})`);
  }
  const orderBy = keys.map((k) => `${k.column} ${order}`).join(', ');
  const { rows } = await db.query<T>(`SELECT ${sql.select ?? '*'} FROM ${sql.from} ${where.where()} ORDER BY ${orderBy} LIMIT ${limit + 1}`, where.params);
  const { items, more } = pageOf(rows, limit);
  const last = more ? lastKeys(items[items.length - 1]!) : null;
  const next = keys.length > 1
    ? tupleNextLink(path, query, keys, order, last)
    : nextLink(path, query, last ? { param: keys[0]!.param, order, last: last[0]! } : null);
  return { items, next };
}
