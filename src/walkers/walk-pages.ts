import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { expectRule } from '../checks/rule-violation.ts';

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

export interface WalkOptions {
  listKey: string;
  query?: Array<[string, string]>;
  /** Stop after this many pages; a walk that needs more is reported, not followed forever. */
  pageCap: number;
  /** Rule a broken page (not 200, no list) is reported under. */
  rule: string;
  /** true: reaching the cap is a violation of LQ-4-pagination-ends; false: an intended partial walk. */
  capIsFailure?: boolean;
}

/**
 * Follows links.next from a first request until it is null, with a page cap and cycle detection
 * (a link seen before would loop forever: a failure of LQ-4-pagination-ends).
 */
export async function walkPages<T = Record<string, unknown>>(t: Check, path: string, options: WalkOptions): Promise<Walk<T>> {
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
    if (next === null) return { pages, items: pages.flatMap((p) => p.items), endedBy: 'null-next' };
    expectRule('LQ-4-pagination-ends', !seen.has(next), `links.next repeats an earlier link: ${next}`, exchange);
    seen.add(next);
    if (pages.length >= options.pageCap) {
      expectRule('LQ-4-pagination-ends', !options.capIsFailure, `walk did not end within ${options.pageCap} pages`, exchange);
      return { pages, items: pages.flatMap((p) => p.items), endedBy: 'page-cap' };
    }
    exchange = await t.get(next);
  }
}
