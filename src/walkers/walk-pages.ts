import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { expectRule } from '../checks/rule-violation.ts';
import { boundSide, parseOperatorFilter } from '../../generators/semantic/operator-filter.ts';

export interface Page<T> {
  exchange: Exchange;
  items: T[];
  next: string | null;
}

export interface Walk<T> {
  pages: Array<Page<T>>;
  items: T[];
  /** Why the walk stopped: the last page had next null, or the cap was hit. */
  endedBy: 'null-next' | 'page-cap';
}

export interface WalkOptions<T = unknown> {
  listKey: string;
  query?: Array<[string, string]>;
  /** Stop after this many pages; a walk that needs more is reported, not followed forever. */
  pageCap: number;
  /** Rule a broken page (not 200, no list) is reported under. */
  rule: string;
  /** true: reaching the cap is a violation of LQ-4-pagination-ends; false: an intended partial walk. */
  capIsFailure?: boolean;
  /**
   * The list's cursor and the walk's order: each next link must keep every bound of the request on
   * the cursor (only the one on the side the walk moves to may be replaced), or the walk leaves the
   * selection it was asked for, a failure of LQ-4-pagination-walk.
   */
  bounds?: { cursor: string; order: 'asc' | 'desc' };
  /**
   * The request's filters as a test of one row: each page's rows are judged as they come (every
   * page's request still carries the filters, `bounds` sees to that), so a walk that stops at its
   * cap has still judged what it saw.
   */
  rows?: { rule: string; matches: (item: T) => boolean; filter: string; key: (item: T) => string };
}

/** The request's bounds on the cursor that a next link drops (the moving side may be replaced by the cursor). */
function droppedBounds(request: Array<[string, string]>, next: string, bounds: NonNullable<WalkOptions['bounds']>): string[] {
  const moving = bounds.order === 'asc' ? 'lower' : 'upper';
  const kept = new URL(next, 'http://next.invalid').searchParams.getAll(bounds.cursor);
  return request.filter(([k, v]) => k === bounds.cursor && boundSide(parseOperatorFilter(v).op) !== moving && !kept.includes(v)).map(([k, v]) => `${k}=${v}`);
}

/**
 * Follows links.next from a first request until it is null, with a page cap and cycle detection
 * (a link seen before would loop forever: a failure of LQ-4-pagination-ends).
 */
export async function walkPages<T = Record<string, unknown>>(t: Check, path: string, options: WalkOptions<T>): Promise<Walk<T>> {
  const pages: Array<Page<T>> = [];
  const seen = new Set<string>();
  let exchange = await t.get(path, options.query);
  for (;;) {
    expectRule(options.rule, exchange.status === 200, `page answered ${exchange.status}`, exchange);
    const body = responseJson(exchange) as Record<string, unknown> | undefined;
    const items = body?.[options.listKey];
    expectRule(options.rule, Array.isArray(items), `page has no "${options.listKey}" array`, exchange);
    const links = body?.links as { next?: unknown } | undefined;
    const next = typeof links?.next === 'string' ? links.next : null;
    pages.push({ exchange, items: items as T[], next });
    if (options.rows) {
      const stray = (items as T[]).filter((item) => !options.rows!.matches(item)).map(options.rows.key);
      expectRule(options.rows.rule, stray.length === 0, `page ${pages.length} of ${options.rows.filter} holds row(s) that do not satisfy it: ${stray.slice(0, 5).join(', ')}`, exchange);
    }
    if (next === null) return { pages, items: pages.flatMap((p) => p.items), endedBy: 'null-next' };
    expectRule('LQ-4-pagination-ends', !seen.has(next), `links.next repeats an earlier link: ${next}`, exchange);
    if (options.bounds) {
      // Judged on the request that set the bounds: a next link's own cursor is no bound the request asked for.
      const dropped = droppedBounds(options.query ?? [], next, options.bounds);
      expectRule('LQ-4-pagination-walk', dropped.length === 0, `links.next ${next} of page ${pages.length} drops ${dropped.join(', ')} of the request: following it leaves the selection`, pages[0]!.exchange);
    }
    seen.add(next);
    if (pages.length >= options.pageCap) {
      expectRule('LQ-4-pagination-ends', !options.capIsFailure, `walk did not end within ${options.pageCap} pages`, exchange);
      return { pages, items: pages.flatMap((p) => p.items), endedBy: 'page-cap' };
    }
    exchange = await t.get(next);
  }
}
