// summary.json against the single documents, and status.json against summary.json. The documents
// compared are fetched together; a live page that changed in between is re-fetched once.
import { describe } from 'vitest';
import {
  ACTIVE, COMPONENTS, ROLLUP, SUMMARY, UNRESOLVED, UPCOMING,
  fetchTogether, isObject, listIn, type FetchedDocument, type Item, type StatusDocument,
} from '../../src/checks/status-documents.ts';
import { judgeWithRefetch, type Mismatch } from '../../src/checks/status-refetch-on-mismatch.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';

/** Ids one side lists and the other does not, as mismatches of the summary-consistency rule. */
function sameIds(summary: FetchedDocument, summaryItems: Item[], others: Item[], otherName: string): Mismatch[] {
  const mine = new Set(summaryItems.map((i) => i.id));
  const theirs = new Set(others.map((i) => i.id));
  const onlyMine = [...mine].filter((id) => !theirs.has(id));
  const onlyTheirs = [...theirs].filter((id) => !mine.has(id));
  const out: Mismatch[] = [];
  if (onlyMine.length) out.push({ rule: 'ST-4.7-summary-consistency', detail: `summary.json lists ${onlyMine.join(', ')}, absent from ${otherName}`, exchange: summary.exchange });
  if (onlyTheirs.length) out.push({ rule: 'ST-4.7-summary-consistency', detail: `${otherName} lists ${onlyTheirs.join(', ')}, absent from summary.json`, exchange: summary.exchange });
  return out;
}

/**
 * summary.json's list under `key` against the same list of `others` (joined), all fetched together;
 * `alsoCompare` adds mismatches beyond the ids. Skips when every list is empty: they agree vacuously.
 */
async function expectSummaryListAgrees(t: Check, key: string, others: StatusDocument[], emptyReason: string,
  alsoCompare: (summary: FetchedDocument, mine: Item[], theirs: Item[]) => Mismatch[] = () => []): Promise<void> {
  const otherName = others.map((d) => d.path.slice(1)).join(' + ');
  let count = 0;
  await judgeWithRefetch(t, () => fetchTogether(t, [SUMMARY, ...others]), ([summary, ...rest]) => {
    const mine = listIn(summary!, key);
    const theirs = rest.flatMap((d) => listIn(d, key));
    count = mine.length + theirs.length;
    return [...sameIds(summary!, mine, theirs, otherName), ...alsoCompare(summary!, mine, theirs)];
  });
  if (count === 0) t.skip(emptyReason);
}

describe('GET /summary.json', () => {
  ruleTest('lists the same components with the same statuses as components.json', ['ST-4.7-summary-consistency'], async (t) => {
    await expectSummaryListAgrees(t, 'components', [COMPONENTS], 'neither document lists a component', (summary, mine, theirs) => {
      const statusOf = new Map(theirs.map((c) => [c.id, c.status]));
      return mine.filter((c) => statusOf.has(c.id) && statusOf.get(c.id) !== c.status).map((c) => ({
        rule: 'ST-4.7-summary-consistency',
        detail: `component ${String(c.id)} is ${JSON.stringify(c.status)} in summary.json but ${JSON.stringify(statusOf.get(c.id))} in components.json`,
        exchange: summary.exchange,
      }));
    });
  });

  ruleTest('lists the same incidents as incidents/unresolved.json', ['ST-4.7-summary-consistency'], async (t) => {
    await expectSummaryListAgrees(t, 'incidents', [UNRESOLVED], 'there is no unresolved incident in either document, so the lists agree vacuously');
  });

  ruleTest('lists the same maintenances as the upcoming and active documents together', ['ST-4.7-summary-consistency'], async (t) => {
    await expectSummaryListAgrees(t, 'scheduled_maintenances', [UPCOMING, ACTIVE], 'there is no upcoming or active maintenance in any document, so the lists agree vacuously');
  });
});

describe('GET /status.json', () => {
  ruleTest('reports the same indicator and description as summary.json', ['ST-4.7-status-agrees-with-summary'], async (t) => {
    let carried = 0;
    await judgeWithRefetch(t, () => fetchTogether(t, [ROLLUP, SUMMARY]), ([rollup, summary]) => {
      const a = isObject(rollup!.body.status) ? rollup!.body.status : {};
      const b = isObject(summary!.body.status) ? summary!.body.status : {};
      const keys = (['indicator', 'description'] as const).filter((k) => a[k] !== undefined || b[k] !== undefined);
      carried = keys.length;
      return keys.filter((k) => a[k] !== b[k]).map((k) => ({
        rule: 'ST-4.7-status-agrees-with-summary',
        detail: `status.json ${k} ${JSON.stringify(a[k])} differs from summary.json ${k} ${JSON.stringify(b[k])}`,
        exchange: rollup!.exchange,
      }));
    });
    // Two documents both without a status agree only vacuously.
    if (carried === 0) t.skip('neither document carries a status indicator or description');
  });
});
