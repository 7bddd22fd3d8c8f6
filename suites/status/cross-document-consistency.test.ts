// Where two status documents report the same fact (contract 4.7: summary.json carries the overall
// indicator, the component statuses, the unresolved incidents and the upcoming or in-progress
// maintenances), they must agree: ids, states and every other shared field, and the page object.
// A disagreement counts once a re-fetch of both documents shows it again.
import { describe } from 'vitest';
import {
  ACTIVE, COMPONENTS, INCIDENTS, MAINTENANCES, ROLLUP, STATUS_DOCUMENTS, SUMMARY, UNRESOLVED, UPCOMING,
  fetchTogether, isObject, listIn, type FetchedDocument, type StatusDocument,
} from '../../src/checks/status-documents.ts';
import { judgeWithRefetch, type Comparison } from '../../src/checks/status-refetch-on-mismatch.ts';
import { compareLists, comparePages, joined, type ListSide } from '../../src/checks/status-shared-entities.ts';
import { INDICATOR_EXTENSIONS, INDICATORS } from '../../src/checks/status-states.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';

const SHARED = 'ST-4.7-shared-fields-agree';
const KNOWN_INDICATORS = [...INDICATORS, ...INDICATOR_EXTENSIONS];

function side(fetched: FetchedDocument[], key: string, name = fetched.map((d) => d.doc.path.slice(1)).join(' + ')): ListSide {
  return { name, items: fetched.flatMap((d) => listIn(d, key)), exchange: fetched[0]!.exchange };
}

/**
 * summary.json's list under `key` against the same entities in `others` (joined), fetched
 * together and re-fetched on a disagreement; not evaluated when no document lists any.
 */
async function expectSummaryListAgrees(t: Check, key: string, others: StatusDocument[], rule: string, emptyReason: string): Promise<void> {
  let listed = 0;
  await judgeWithRefetch(t, () => fetchTogether(t, [SUMMARY, ...others]), ([summary, ...rest]): Comparison => {
    const mine = side([summary!], key, 'summary.json');
    const theirs = side(rest, key);
    listed = mine.items.length + theirs.items.length;
    return compareLists(mine, theirs, { idsRule: rule, stateRule: rule });
  });
  if (listed === 0) {
    for (const r of [rule, SHARED]) t.notEvaluated(r, emptyReason, { mayLack: true });
    t.skip(emptyReason, { mayLack: true });
  }
}

describe.concurrent('GET /summary.json', () => {
  ruleTest('lists the same components with the same statuses and fields as components.json', ['ST-4.7-summary-components-agree', SHARED], async (t) => {
    await expectSummaryListAgrees(t, 'components', [COMPONENTS], 'ST-4.7-summary-components-agree', 'neither document lists a component');
  });

  ruleTest('lists the same incidents, states and fields as incidents/unresolved.json', ['ST-4.7-summary-incidents-agree', SHARED], async (t) => {
    await expectSummaryListAgrees(t, 'incidents', [UNRESOLVED], 'ST-4.7-summary-incidents-agree', 'there is no unresolved incident in either document: nothing to compare');
  });

  ruleTest('lists the same maintenances, states and fields as the upcoming and active documents together', ['ST-4.7-summary-maintenances-agree', SHARED], async (t) => {
    await expectSummaryListAgrees(t, 'scheduled_maintenances', [UPCOMING, ACTIVE], 'ST-4.7-summary-maintenances-agree', 'there is no upcoming or active maintenance in any document: nothing to compare');
  });
});

describe.concurrent('GET /status.json', () => {
  ruleTest('reports the same indicator and description as summary.json', ['ST-4.7-summary-indicator-agrees', 'ST-4.7-status-agrees-with-summary'], async (t) => {
    const RULE_OF = { indicator: 'ST-4.7-summary-indicator-agrees', description: 'ST-4.7-status-agrees-with-summary' } as const;
    await judgeWithRefetch(t, () => fetchTogether(t, [ROLLUP, SUMMARY]), ([rollup, summary]): Comparison => {
      const a = isObject(rollup!.body.status) ? rollup!.body.status : {};
      const b = isObject(summary!.body.status) ? summary!.body.status : {};
      // Only what both carry is compared: a missing indicator is the shape checks' business, and an
      // indicator outside the known values is the value-set rule's finding, not a second one here.
      const known = (v: unknown) => (KNOWN_INDICATORS as unknown[]).includes(v);
      const keys = (['indicator', 'description'] as const).filter((k) => a[k] !== undefined && b[k] !== undefined && (k !== 'indicator' || (known(a[k]) && known(b[k]))));
      const said = (k: 'indicator' | 'description') => `status.json ${k} ${JSON.stringify(a[k])}, summary.json ${k} ${JSON.stringify(b[k])}`;
      return {
        compared: keys.map((k) => ({ rule: RULE_OF[k], detail: said(k), exchange: rollup!.exchange })),
        mismatches: keys.filter((k) => a[k] !== b[k]).map((k) => ({ rule: RULE_OF[k], detail: `${said(k)} differ`, exchange: rollup!.exchange })),
      };
    });
  });
});

/** Full lists and the subset documents that list some of the same entities. */
const FULL_AND_PARTS = [
  { full: INCIDENTS, parts: [UNRESOLVED], key: 'incidents' },
  { full: MAINTENANCES, parts: [UPCOMING, ACTIVE], key: 'scheduled_maintenances' },
];

for (const { full, parts, key } of FULL_AND_PARTS) {
  describe.concurrent(`GET ${full.path}`, () => {
    ruleTest(`reports each entity it shares with ${parts.map((p) => p.path).join(' and ')} in the same state and fields`, ['ST-4.7-lists-agree-on-state', SHARED], async (t) => {
      let shared = 0;
      await judgeWithRefetch(t, () => fetchTogether(t, [full, ...parts]), ([whole, ...subsets]): Comparison => {
        const comparisons = subsets.map((part) => compareLists(side([part!], key), side([whole!], key), { stateRule: 'ST-4.7-lists-agree-on-state' }));
        shared = comparisons.reduce((n, c) => n + c.compared.filter((m) => m.rule === 'ST-4.7-lists-agree-on-state').length, 0);
        return joined(...comparisons);
      });
      if (shared === 0) {
        const reason = `no entity is listed both in ${full.path} and in ${parts.map((p) => p.path).join(' or ')}: nothing to compare`;
        for (const r of ['ST-4.7-lists-agree-on-state', SHARED]) t.notEvaluated(r, reason, { mayLack: true });
        t.skip(reason, { mayLack: true });
      }
    });
  });
}

describe.concurrent('every status document', () => {
  ruleTest('carries the same page object', [SHARED], async (t) => {
    await judgeWithRefetch(t, () => fetchTogether(t, STATUS_DOCUMENTS), comparePages);
  });
});
