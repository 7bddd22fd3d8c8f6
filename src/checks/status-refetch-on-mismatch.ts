import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';

export interface Mismatch {
  rule: string;
  detail: string;
  exchange?: Exchange;
}

/**
 * Compares documents of a live page that may change between two fetches: on a mismatch the
 * documents are fetched once more and the second set is judged: its mismatches are reported
 * (soft, under their rules) and the re-fetch is noted.
 */
export async function judgeWithRefetch<T>(t: Check, fetch: () => Promise<T>, compare: (docs: T) => Mismatch[]): Promise<void> {
  const firstMismatches = compare(await fetch());
  if (firstMismatches.length === 0) return;
  t.note(`documents disagreed (${firstMismatches.length} mismatch(es), first: ${firstMismatches[0]!.detail}); re-fetched once and judged the second set`);
  for (const m of compare(await fetch())) t.soft(m.rule, false, m.detail, m.exchange);
}
