import type { Exchange } from '../http/exchange.ts';
import type { Report } from './report.ts';

export interface FilteredPage<T> {
  /** The first page of the filtered list, in the same order as `slice`. */
  page: T[];
  exchange: Exchange;
  /** The beginning of the unfiltered list in that order (a bounded walk of it). */
  slice: T[];
  /** True when `slice` is the whole unfiltered list (its walk reached next: null). */
  sliceIsWhole: boolean;
  limit: number;
  /** Does a row satisfy the filter? Computed from the row's own fields. */
  matches: (item: T) => boolean;
  key: (item: T) => string;
  /** Rule for "only matching rows" and rule for "every matching row". */
  rules: { only: string; every: string };
  /** The clauses of those rules (for rules with clauses), credited only where the input could show a violation. */
  clauses?: { only: string; every: string };
  filter: string;
}

/**
 * A filtered list against the unfiltered one: every returned row satisfies the filter, and the
 * first rows are exactly the matching rows of the unfiltered slice, in order. Only the part of
 * the filtered list that the slice can vouch for is compared, so a bounded slice never yields a
 * false "missing row".
 */
export function expectFilterAgreesWithSlice<T>(report: Report, c: FilteredPage<T>): void {
  const stray = c.page.filter((item) => !c.matches(item)).map(c.key);
  // "Only" is shown on a non-empty page while the unfiltered list holds rows an ignored filter would return.
  const couldStray = c.page.length > 0 && c.slice.some((item) => !c.matches(item));
  report(c.rules.only, stray.length === 0, `${c.filter} returned row(s) that do not satisfy it: ${list(stray)}`, c.exchange, couldStray ? c.clauses?.only : undefined);

  const expected = c.slice.filter(c.matches).map(c.key);
  const n = Math.min(expected.length, c.limit);
  const got = c.page.map(c.key);
  const want = expected.slice(0, n);
  const head = got.slice(0, n);
  const missing = want.filter((k) => !head.includes(k));
  report(c.rules.every, head.length === n && head.every((k, i) => k === want[i]),
    `${c.filter}: the unfiltered list's first matching rows are ${list(want)}, the filtered page starts with ${list(head)}` +
      (missing.length ? `; missing ${list(missing)}` : ''),
    c.exchange, n > 0 ? c.clauses?.every : undefined);
  if (c.sliceIsWhole) {
    const unknown = got.filter((k) => !c.slice.some((item) => c.key(item) === k));
    report(c.rules.only, unknown.length === 0, `${c.filter} returned row(s) the whole unfiltered list does not hold: ${list(unknown)}`, c.exchange);
  }
}

function list(keys: string[]): string {
  if (keys.length === 0) return 'nothing';
  return keys.length > 5 ? `${keys.slice(0, 5).join(', ')}, ... (${keys.length})` : keys.join(', ');
}
