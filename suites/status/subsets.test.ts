// The subset documents of contract 4.7: each holds only its states and, compared with the full
// list fetched at the same moment, every item of the full list that is in those states.
import { describe } from 'vitest';
import {
  ACTIVE, INCIDENTS, MAINTENANCES, SUMMARY, UNRESOLVED, UPCOMING,
  fetchStatusDocument, fetchTogether, listIn, type FetchedDocument, type Item, type StatusDocument,
} from '../../src/checks/status-documents.ts';
import { judgeWithRefetch, type Comparison, type Mismatch } from '../../src/checks/status-refetch-on-mismatch.ts';
import { ACTIVE_STATES, CLOSED_INCIDENT_STATES, COMPLETED_MAINTENANCE_STATES, UNRESOLVED_STATES, UPCOMING_STATES, inStateSet } from '../../src/checks/status-states.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';

interface Subset {
  doc: StatusDocument;
  key: string;
  states: readonly string[];
  full: StatusDocument;
  /** The contract rule of the subset, and the section-3 rule that defines its states with the clause of this group. */
  rule: string;
  stateRule: string;
  stateClause: string;
}

const SUBSETS: Subset[] = [
  { doc: UNRESOLVED, key: 'incidents', states: UNRESOLVED_STATES, full: INCIDENTS, rule: 'ST-4.7-unresolved-subset', stateRule: 'ST-3-unresolved-states', stateClause: 'unresolved-listed' },
  { doc: UPCOMING, key: 'scheduled_maintenances', states: UPCOMING_STATES, full: MAINTENANCES, rule: 'ST-4.7-upcoming-subset', stateRule: 'ST-3-maintenance-state-groups', stateClause: 'upcoming-group' },
  { doc: ACTIVE, key: 'scheduled_maintenances', states: ACTIVE_STATES, full: MAINTENANCES, rule: 'ST-4.7-active-subset', stateRule: 'ST-3-maintenance-state-groups', stateClause: 'active-group' },
];

/** The closed states of each full list, which none of its subsets may hold (a clause of the state rule). */
const CLOSED = [
  { full: INCIDENTS, key: 'incidents', states: CLOSED_INCIDENT_STATES, subsets: [UNRESOLVED], stateRule: 'ST-3-unresolved-states', clause: 'closed-not-listed' },
  { full: MAINTENANCES, key: 'scheduled_maintenances', states: COMPLETED_MAINTENANCE_STATES, subsets: [UPCOMING, ACTIVE], stateRule: 'ST-3-maintenance-state-groups', clause: 'completed-neither' },
];

interface Judged {
  rule: string;
  clause?: string;
}

/** Every listed item is in one of the states; an empty list proves nothing, so it is a skip. */
function expectOnlyStates(t: Check, fetched: FetchedDocument, key: string, states: readonly string[], rules: Judged[]): void {
  const items = listIn(fetched, key);
  if (items.length === 0) t.skip(`${fetched.doc.path} lists nothing, so "only ${states.join(' or ')}" holds vacuously`, { mayLack: true });
  for (const item of items) {
    for (const { rule, clause } of rules) {
      t.soft(rule, inStateSet(item.status, states), `${fetched.doc.path} lists ${String(item.id)} in state ${JSON.stringify(item.status)}, expected only ${states.join(' or ')}`, fetched.exchange, clause);
    }
  }
  t.note(`${items.length} item(s) checked in ${fetched.doc.path}`);
}

for (const subset of SUBSETS) {
  describe.concurrent(`GET ${subset.doc.path}`, () => {
    ruleTest(`holds only ${subset.states.join(' or ')} items`, [subset.rule, subset.stateRule], async (t) => {
      expectOnlyStates(t, await fetchStatusDocument(t, subset.doc), subset.key, subset.states, [{ rule: subset.rule }, { rule: subset.stateRule, clause: subset.stateClause }]);
    });

    ruleTest(`holds every ${subset.states.join(' or ')} item of ${subset.full.path}`, [subset.rule, subset.stateRule], async (t) => {
      let inFull = 0;
      await judgeWithRefetch(t, () => fetchTogether(t, [subset.doc, subset.full]), ([part, full]): Comparison => {
        const members = new Set(listIn(part!, subset.key).map((item) => item.id));
        const expected = listIn(full!, subset.key).filter((item) => inStateSet(item.status, subset.states));
        inFull = expected.length;
        // A missing member breaks the subset's rule; the states of the group are judged on what the subset lists.
        const judged = (item: Item, detail: string): Mismatch => ({ rule: subset.rule, detail: `${String(item.id)} (${JSON.stringify(item.status)}) ${detail}`, exchange: part!.exchange });
        return {
          compared: expected.map((item) => judged(item, `of ${subset.full.path} is looked for in ${subset.doc.path}`)),
          mismatches: expected.filter((item) => !members.has(item.id)).map((item) => judged(item, `is listed by ${subset.full.path}, but ${subset.doc.path} does not list it`)),
        };
      });
      if (inFull === 0) t.skip(`${subset.full.path} lists no ${subset.states.join(' or ')} item, so there is nothing the subset must hold`, { mayLack: true });
    });
  });
}

for (const closed of CLOSED) {
  describe.concurrent(`GET ${closed.full.path}`, () => {
    ruleTest(`leaves its ${closed.states.join(' and ')} items out of ${closed.subsets.map((d) => d.path).join(' and ')}`, [closed.stateRule], async (t) => {
      let seen = 0;
      await judgeWithRefetch(t, () => fetchTogether(t, [closed.full, ...closed.subsets]), ([full, ...parts]): Comparison => {
        const items = listIn(full!, closed.key).filter((item) => inStateSet(item.status, closed.states));
        seen = items.length;
        const judged = (item: Item, part: FetchedDocument): Mismatch => ({
          rule: closed.stateRule,
          clause: closed.clause,
          detail: `${String(item.id)} (${JSON.stringify(item.status)}) of ${closed.full.path} is ${listIn(part, closed.key).some((p) => p.id === item.id) ? 'listed' : 'not listed'} by ${part.doc.path}`,
          exchange: part.exchange,
        });
        return {
          compared: items.flatMap((item) => parts.map((part) => judged(item, part!))),
          mismatches: items.flatMap((item) => parts.filter((part) => listIn(part!, closed.key).some((p) => p.id === item.id)).map((part) => judged(item, part!))),
        };
      });
      if (seen === 0) t.notEvaluated(closed.stateRule, `${closed.full.path} lists no ${closed.states.join(' or ')} item, so none could be looked for in ${closed.subsets.map((d) => d.path).join(' or ')}`, { mayLack: true });
    });
  });
}

describe.concurrent('GET /summary.json', () => {
  ruleTest('lists only unresolved incidents', ['ST-4.7-summary-incidents-unresolved', 'ST-3-unresolved-states'], async (t) => {
    expectOnlyStates(t, await fetchStatusDocument(t, SUMMARY), 'incidents', UNRESOLVED_STATES, [{ rule: 'ST-4.7-summary-incidents-unresolved' }]);
  });

  ruleTest('lists only upcoming or in-progress maintenances, never completed ones', ['ST-4.7-summary-maintenances-upcoming-or-active', 'ST-3-maintenance-state-groups'], async (t) => {
    expectOnlyStates(t, await fetchStatusDocument(t, SUMMARY), 'scheduled_maintenances', [...UPCOMING_STATES, ...ACTIVE_STATES], [{ rule: 'ST-4.7-summary-maintenances-upcoming-or-active' }]);
  });
});
