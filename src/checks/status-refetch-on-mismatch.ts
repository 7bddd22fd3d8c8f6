import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';

export interface Mismatch {
  rule: string;
  detail: string;
  exchange?: Exchange;
  /** The clause of the rule this comparison judges, for a rule with clauses. */
  clause?: string;
}

/** A comparison of documents: what was compared (held unless a mismatch of its rule is confirmed) and what disagreed. */
export interface Comparison {
  compared: Mismatch[];
  mismatches: Mismatch[];
}

const key = (m: Mismatch) => `${m.rule}\n${m.detail}`;

/**
 * Compares documents of a live page that may change between fetches. A disagreement counts only
 * when a re-fetch of the same documents shows it again (A, B, then A and B once more); one that
 * vanished was the page changing, and the second set is judged. Every comparison made on the set
 * judged is recorded, held or violated.
 */
export async function judgeWithRefetch<T>(t: Check, fetch: () => Promise<T>, compare: (docs: T) => Comparison): Promise<void> {
  let judged = compare(await fetch());
  let confirmed: Mismatch[] = [];
  if (judged.mismatches.length > 0) {
    const first = new Set(judged.mismatches.map(key));
    const firstDetail = judged.mismatches[0]!.detail;
    judged = compare(await fetch());
    confirmed = judged.mismatches.filter((m) => first.has(key(m)));
    t.note(`documents disagreed (first: ${firstDetail}); re-fetched both: ${confirmed.length} disagreement(s) confirmed, ${judged.mismatches.length - confirmed.length} not seen twice`);
  }
  // A rule with a disagreement seen only once is not judged held on this set either.
  const disagreed = new Set(judged.mismatches.map((m) => m.rule));
  for (const m of confirmed) t.soft(m.rule, false, `${m.detail} (confirmed on a re-fetch)`, m.exchange, m.clause);
  for (const c of judged.compared) if (!disagreed.has(c.rule)) t.soft(c.rule, true, c.detail, c.exchange, c.clause);
  for (const rule of new Set(judged.mismatches.filter((m) => !confirmed.includes(m)).map((m) => m.rule))) {
    if (!confirmed.some((m) => m.rule === rule)) t.notEvaluated(rule, 'the documents disagreed once, then differently on the re-fetch: the page was changing');
  }
}
