// The query service's read path: the fixture ledger does not change once loaded, so the answer of a
// SELECT is kept in memory by its text and parameters and served again without a PGlite round trip
// (PGlite is single-threaded WASM; its result decoding was most of the server's time per request).
import type { PGlite } from '@electric-sql/pglite';
import { promiseMemo } from '../promise-memo.ts';

/** Answers kept (each a page of at most 100 items, or the transfers or signatures of one); the oldest goes first. */
const MAX_ENTRIES = 1000;

type QueryResult = Awaited<ReturnType<PGlite['query']>>;

function cacheKey(sql: string, params: readonly unknown[] | undefined): string {
  if (!params?.length) return sql;
  return `${sql}\0${JSON.stringify(params, (_key, value: unknown) => {
    if (typeof value === 'bigint') return `${value}n`;
    if (value instanceof Uint8Array) return `0x${Buffer.from(value).toString('hex')}`;
    return value;
  })}`;
}

/** Frozen (rows and the list), so a handler that changed a shared answer would fail loudly, never serve it changed. */
function freeze(result: QueryResult): QueryResult {
  for (const row of result.rows) Object.freeze(row);
  Object.freeze(result.rows);
  return Object.freeze(result);
}

/**
 * A view of `db` whose SELECTs are answered from memory after the first time. Anything else
 * (a write, exec, transaction) goes to the database and empties the cache, so no answer outlives
 * the data it was read from.
 */
export function cacheReads(db: PGlite): PGlite {
  const answers = promiseMemo<QueryResult>(MAX_ENTRIES);
  const query = (sql: string, params?: unknown[], options?: unknown): Promise<QueryResult> => {
    if (options !== undefined || !/^\s*SELECT\b/i.test(sql)) {
      answers.clear();
      return db.query(sql, params, options as never);
    }
    // A failed query is not remembered: its error is thrown to this caller only.
    return answers.get(cacheKey(sql, params), () => db.query(sql, params).then(freeze));
  };
  return new Proxy(db, {
    get(target, name) {
      if (name === 'query') return query;
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        answers.clear();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
