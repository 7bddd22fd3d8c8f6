import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';
import { boundSide, parseOperatorFilter } from '../../generators/semantic/operator-filter.ts';

export interface Cursor {
  /** The list's key parameter that carries the cursor (`schedule.id`, `timestamp`). */
  name: string;
  order: 'asc' | 'desc';
  /** Key of the page's last item: the cursor starts after it. */
  lastKey: string;
  compare: (a: string, b: string) => number;
}

/**
 * links.next (reference notes) is a relative /api/v1 URL that repeats every parameter of the
 * request and moves a `gt:` (ascending) or `lt:` (descending) cursor on the list key past the
 * page's last item. A bound of the request on the key stays unless the cursor replaces it.
 */
export function expectNextLinkKeepsFilters(t: Check, exchange: Exchange, next: string, request: Array<[string, string]>, cursor: Cursor): void {
  const rule = 'LQ-4-pagination-keeps-filters';
  t.soft(rule, next.startsWith('/api/v1/'), `links.next is not a relative /api/v1 URL: ${next}`, exchange);
  const params = [...new URL(next, 'http://next.invalid').searchParams.entries()];
  const has = (k: string, v: string) => params.some(([pk, pv]) => pk === k && pv === v);
  for (const [k, v] of request) {
    if (k === cursor.name) continue;
    t.soft(rule, has(k, v), `links.next drops ${k}=${v} of the request: ${next}`, exchange);
  }
  const cursorOp = cursor.order === 'asc' ? 'gt' : 'lt';
  const values = params.filter(([k]) => k === cursor.name).map(([, v]) => parseOperatorFilter(v));
  const moved = values.find((f) => f.op === cursorOp);
  t.soft(rule, moved !== undefined && cursor.compare(moved.value, cursor.lastKey) === 0,
    `links.next should carry ${cursor.name}=${cursorOp}:${cursor.lastKey} (after the page's last item): ${next}`, exchange);
  const movingSide = cursor.order === 'asc' ? 'lower' : 'upper';
  for (const [k, v] of request) {
    if (k !== cursor.name || boundSide(parseOperatorFilter(v).op) === movingSide) continue;
    t.soft(rule, has(k, v), `links.next drops the bound ${k}=${v} of the request: ${next}`, exchange);
  }
}
