// Section 8: the full incident and maintenance lists hold at most 50 items, and they are the most
// recent ones, so the unresolved, upcoming and active items that are recent enough appear in them.
import { describe } from 'vitest';
import {
  ACTIVE, INCIDENTS, MAINTENANCES, UNRESOLVED, UPCOMING,
  fetchStatusDocument, fetchTogether, listIn, type Item, type StatusDocument,
} from '../../src/checks/status-documents.ts';
import { leftOutOfMostRecent } from '../../src/checks/status-most-recent.ts';
import { judgeWithRefetch, type Comparison } from '../../src/checks/status-refetch-on-mismatch.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';

const CAP = 50;

interface FullList {
  doc: StatusDocument;
  key: string;
  capRule: string;
  allStatesRule: string;
  /** The clause of allStatesRule that the recent items of `parts` show. */
  partsClause: string;
  /** The clause of ST-8-lists-most-recent that they show. */
  mostRecentClause: string;
  /** Documents whose items belong to the most recent ones when they are recent enough. */
  parts: StatusDocument[];
  timeKeys: string[];
}

const LISTS: FullList[] = [
  { doc: INCIDENTS, key: 'incidents', capRule: 'ST-8-incidents-max-50', allStatesRule: 'ST-4.7-incidents-all-states', partsClause: 'unresolved-included', mostRecentClause: 'incidents-most-recent', parts: [UNRESOLVED], timeKeys: ['created_at', 'started_at'] },
  { doc: MAINTENANCES, key: 'scheduled_maintenances', capRule: 'ST-8-maintenances-max-50', allStatesRule: 'ST-4.7-maintenances-all-states', partsClause: 'upcoming-active-included', mostRecentClause: 'maintenances-most-recent', parts: [UPCOMING, ACTIVE], timeKeys: ['created_at', 'scheduled_for'] },
];

for (const list of LISTS) {
  describe.concurrent(`GET ${list.doc.path}`, () => {
    ruleTest(`holds at most ${CAP} items`, [list.capRule], async (t) => {
      const fetched = await fetchStatusDocument(t, list.doc);
      const items = listIn(fetched, list.key);
      // A quiet page lists no incident or maintenance: data a correct page may lack, not a gap of the run.
      if (items.length === 0) t.skip(`${list.doc.path} lists nothing, so the cap holds vacuously`, { mayLack: true });
      t.note(`${items.length} item(s) listed`);
      t.soft(list.capRule, items.length <= CAP, `${list.doc.path} lists ${items.length} items, more than ${CAP}`, fetched.exchange);
    });

    ruleTest(`includes the recent ${list.parts.map((p) => p.path).join(' and ')} items among the most recent ones`, ['ST-8-lists-most-recent', list.allStatesRule], async (t) => {
      let candidates = 0;
      const rules = [{ rule: 'ST-8-lists-most-recent', clause: list.mostRecentClause }, { rule: list.allStatesRule, clause: list.partsClause }];
      await judgeWithRefetch(t, () => fetchTogether(t, [list.doc, ...list.parts]), ([full, ...parts]): Comparison => {
        const items = listIn(full!, list.key);
        const fromParts = parts.flatMap((part) => listIn(part, list.key));
        candidates = fromParts.length;
        const described = (item: Item) => `${String(item.id)} (${JSON.stringify(item.status)}, ${list.timeKeys.map((k) => `${k} ${String(item[k])}`).join(', ')})`;
        // A recent item left out breaks both "most recent" and "of any state, these included".
        return {
          compared: fromParts.flatMap((item) => rules.map((judged) => ({ ...judged, detail: `${described(item)} is looked for in ${list.doc.path}`, exchange: full!.exchange }))),
          mismatches: leftOutOfMostRecent(items, CAP, fromParts, list.timeKeys).flatMap((item) => rules.map((judged) => ({
            ...judged,
            detail: `${described(item)} is left out of ${list.doc.path} (${items.length} items) though it is newer than its oldest entry`,
            exchange: full!.exchange,
          }))),
        };
      });
      if (candidates === 0) t.skip(`${list.parts.map((p) => p.path).join(' and ')} list nothing, so there is no item ${list.doc.path} must include`, { mayLack: true });
    });
  });
}
