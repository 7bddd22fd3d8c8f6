import type { Check } from '../harness/rule-test.ts';
import type { Walk } from '../walkers/walk-pages.ts';

export interface WalkExpectation<T> {
  /** The page size the walk asked for. */
  limit: number;
  key: (item: T) => string;
  /** Keys the walk must visit, in order: the same query answered without paging. */
  expected: string[];
}

/**
 * Pagination as section 4 and 2.1 describe it: the pages together visit each expected entity
 * exactly once and in order, no page holds more than `limit`, only the last page with items may
 * be short, and the walk ended on `next: null`.
 */
export function expectWalkVisitsEachOnce<T>(t: Check, walk: Walk<T>, e: WalkExpectation<T>): void {
  const rule = 'LQ-4-pagination-walk';
  walk.pages.forEach((page, i) => {
    t.soft(rule, page.items.length <= e.limit, `page ${i + 1} holds ${page.items.length} items with limit=${e.limit}`, page.exchange);
  });
  const lastWithItems = walk.pages.map((p) => p.items.length > 0).lastIndexOf(true);
  const short = walk.pages.findIndex((p, i) => i < lastWithItems && p.items.length < e.limit);
  const shortPage = walk.pages[short] ?? walk.pages.at(-1)!;
  t.soft(rule, short < 0, `page ${short + 1} holds ${shortPage.items.length} of ${e.limit} items but more pages with items follow`, shortPage.exchange);
  const got = walk.items.map(e.key);
  const seen = new Set<string>();
  const repeated = got.filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
  const missing = e.expected.filter((k) => !seen.has(k));
  const wanted = new Set(e.expected);
  const extra = [...seen].filter((k) => !wanted.has(k));
  const last = walk.pages.at(-1)!.exchange;
  t.soft(rule, repeated.length === 0, `the walk visits ${repeated.length} entit(ies) twice: ${repeated.slice(0, 5).join(', ')}`, last);
  t.soft(rule, missing.length === 0, `the walk misses ${missing.length} of ${e.expected.length} entities: ${missing.slice(0, 5).join(', ')}`, last);
  t.soft(rule, extra.length === 0, `the walk visits ${extra.length} entit(ies) the unpaged answer does not hold: ${extra.slice(0, 5).join(', ')}`, last);
  if (repeated.length === 0 && missing.length === 0 && extra.length === 0) {
    const at = got.findIndex((k, i) => k !== e.expected[i]);
    t.soft(rule, at < 0, `the walk breaks the order across pages at item ${at}: ${got[at]} where ${e.expected[at]} belongs`, last);
  }
  // A walk of one page followed no link: that it ended says nothing of where links lead.
  if (walk.pages.length > 1) t.soft('LQ-4-pagination-ends', walk.endedBy === 'null-next', `the walk did not reach next: null within ${walk.pages.length} pages`, last);
}
