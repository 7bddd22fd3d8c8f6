// `links.next`: the request's own path and query with the cursor moved past the last item —
// `gt:` on the list key in ascending order, `lt:` in descending — or null when nothing follows.
import type { FastifyReply } from 'fastify';
import type { Order, ParsedQuery } from './query-params.ts';

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
