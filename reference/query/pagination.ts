// `links.next`: the request's own path and query with the cursor moved past the last item —
// `gt:` on the list key in ascending order, `lt:` in descending — or null when nothing follows.
import type { FastifyReply } from 'fastify';
import type { Filter, Order, ParsedQuery } from './query-params.ts';

function encodeValue(text: string): string {
  // Colons and dots stay readable, as in `timestamp=lt:1700000000.000000001`.
  return encodeURIComponent(text).replaceAll('%3A', ':');
}

export function nextLink(
  path: string, query: ParsedQuery, cursor: { param: string; order: Order; last: string } | null,
): string | null {
  if (!cursor) return null;
  // A bound on the side the walk moves to is replaced by the cursor; every other filter stays.
  const moving = cursor.order === 'asc' ? /^(gt|gte):/ : /^(lt|lte):/;
  const kept = query.entries.filter(([name, value]) => name !== cursor.param || !moving.test(value));
  kept.push([cursor.param, `${cursor.order === 'asc' ? 'gt' : 'lt'}:${cursor.last}`]);
  return `${path}?${kept.map(([name, value]) => `${name}=${encodeValue(value)}`).join('&')}`;
}

export function linkHeader(reply: FastifyReply, next: string | null): void {
  if (next) reply.header('link', `<${next}>; rel="next"`);
}

/** Rows fetched with one extra: the extra one only tells that a further page exists. */
export function pageOf<T>(rows: T[], limit: number): { items: T[]; more: boolean } {
  return { items: rows.slice(0, limit), more: rows.length > limit };
}

export interface TupleKey { param: string; column: string; cast?: string }

/**
 * Keyset over several columns (e.g. spender then token). The next link writes the cursor as
 * `k1=gte:v1&…&kn=gt:vn` (`lte`/`lt` descending); a request with exactly one such bound on each
 * key is read back as the tuple comparison `(k1..kn) > (v1..vn)`, so a page boundary inside a
 * group of equal first keys neither repeats nor skips rows. Returns the parsed cursor values and
 * the filters it consumed, or null when the request carries no such cursor.
 */
export function tupleCursor(query: ParsedQuery, keys: readonly TupleKey[], order: Order): { values: string[]; consumed: Set<Filter<string>> } | null {
  const values: string[] = [];
  const consumed = new Set<Filter<string>>();
  for (const [i, key] of keys.entries()) {
    const op = i === keys.length - 1 ? (order === 'asc' ? 'gt' : 'lt') : order === 'asc' ? 'gte' : 'lte';
    const bounds = query.all<Filter<string>>(key.param).filter((f) => f.op === op);
    if (bounds.length !== 1) return null;
    values.push(bounds[0]!.value);
    consumed.add(bounds[0]!);
  }
  return { values, consumed };
}

export function tupleNextLink(path: string, query: ParsedQuery, keys: readonly TupleKey[], order: Order, last: readonly string[] | null): string | null {
  if (!last) return null;
  const outer = order === 'asc' ? 'gte' : 'lte';
  const inner = order === 'asc' ? 'gt' : 'lt';
  const moving = order === 'asc' ? /^(gt|gte):/ : /^(lt|lte):/;
  const kept = query.entries.filter(([name, value]) => !keys.some((k) => k.param === name) || !moving.test(value));
  keys.forEach((key, i) => kept.push([key.param, `${i === keys.length - 1 ? inner : outer}:${last[i]}`]));
  return `${path}?${kept.map(([name, value]) => `${name}=${encodeValue(value)}`).join('&')}`;
}
