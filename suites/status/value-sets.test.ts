// Section 3's value sets, checked value by value across every document that carries them. A value
// beyond a contract set fails its contract rule (once); whether it has the live pages' form
// (maintenance indicator, under_maintenance component) is said apart, by an observed rule.
import { describe } from 'vitest';
import {
  ACTIVE, COMPONENTS, INCIDENTS, MAINTENANCES, ROLLUP, STATUS_DOCUMENTS, SUMMARY, UNRESOLVED, UPCOMING,
  fetchTogether, isObject, itemsIn, type FetchedDocument, type Item, type StatusDocument,
} from '../../src/checks/status-documents.ts';
import {
  COMPONENT_STATUS_EXTENSIONS, COMPONENT_STATUSES, IMPACTS, INCIDENT_STATES, INDICATOR_EXTENSIONS, INDICATORS, MAINTENANCE_STATES, inStateSet,
} from '../../src/checks/status-states.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import type { Exchange } from '../../src/http/exchange.ts';

interface Found {
  value: unknown;
  where: string;
  exchange: Exchange;
}

const INCIDENT_LISTS: Array<[StatusDocument, string]> = [[SUMMARY, 'incidents'], [INCIDENTS, 'incidents'], [UNRESOLVED, 'incidents']];
const MAINTENANCE_LISTS: Array<[StatusDocument, string]> = [[SUMMARY, 'scheduled_maintenances'], [MAINTENANCES, 'scheduled_maintenances'], [UPCOMING, 'scheduled_maintenances'], [ACTIVE, 'scheduled_maintenances']];

function indicators(docs: FetchedDocument[]): Found[] {
  return docs.filter((d) => isObject(d.body.status)).map((d) => ({ value: (d.body.status as Item).indicator, where: `${d.doc.path} status.indicator`, exchange: d.exchange }));
}

/** Statuses of the listed components and of the components nested in incidents and maintenances. */
function componentStatuses(docs: FetchedDocument[]): Found[] {
  return docs.flatMap((d) => ['components', 'incidents', 'scheduled_maintenances'].flatMap((key) =>
    itemsIn(d, key).flatMap((item, i) => {
      const nested = key === 'components' ? [item] : Array.isArray(item.components) ? item.components.filter(isObject) : [];
      return nested.map((c) => ({ value: c.status, where: `${d.doc.path} ${key}[${i}] component ${String(c.id)}`, exchange: d.exchange }));
    })));
}

function statesOf(docs: FetchedDocument[], lists: Array<[StatusDocument, string]>, field = 'status'): Found[] {
  return lists.flatMap(([doc, key]) => {
    const d = docs.find((f) => f.doc === doc)!;
    return itemsIn(d, key).map((item, i) => ({ value: item[field], where: `${doc.path} ${key}[${i}] (${String(item.id)}).${field}`, exchange: d.exchange }));
  });
}

function updateStates(docs: FetchedDocument[], lists: Array<[StatusDocument, string]>): Found[] {
  return lists.flatMap(([doc, key]) => {
    const d = docs.find((f) => f.doc === doc)!;
    return itemsIn(d, key).flatMap((item) => (Array.isArray(item.incident_updates) ? item.incident_updates.filter(isObject) : [])
      .map((u) => ({ value: u.status, where: `${doc.path} update ${String(u.id)} of ${String(item.id)}`, exchange: d.exchange })));
  });
}

function expectAllIn(t: Check, rule: string, found: Found[], allowed: (value: unknown) => boolean, what: string, nothingReason: string): void {
  // A quiet page lists no incident or maintenance: a healthy state, not a gap of the run.
  if (found.length === 0) t.skip(nothingReason, { mayLack: true });
  for (const f of found) t.soft(rule, allowed(f.value), `${f.where} is ${JSON.stringify(f.value)}, not ${what}`, f.exchange);
  t.note(`checked ${found.length} value(s): ${[...new Set(found.map((f) => JSON.stringify(f.value)))].join(', ')}`);
}

const exactly = (set: readonly string[]) => (value: unknown) => typeof value === 'string' && set.includes(value);

/**
 * A value outside the contract's set must have the form live pages use: the contract rule reports
 * the value itself, this only says whether it is the known live form. With none outside, nothing is judged.
 */
function expectOnlyKnownExtensions(t: Check, rule: string, found: Found[], contractSet: readonly string[], extensions: readonly string[], what: string): void {
  const beyond = found.filter((f) => !exactly(contractSet)(f.value));
  if (beyond.length === 0) {
    t.notEvaluated(rule, `every ${what} of the ${found.length} seen is one of the contract values: no value beyond them to judge`, { mayLack: true });
    return;
  }
  for (const f of beyond) t.note(`${f.where} is ${JSON.stringify(f.value)}, beyond the contract's values`);
  for (const f of beyond) t.soft(rule, exactly(extensions)(f.value), `${f.where} is ${JSON.stringify(f.value)}, not the form live pages use beyond the contract (${extensions.join(', ')})`, f.exchange);
}

describe.concurrent('GET /summary.json and /status.json', () => {
  ruleTest('report the page indicator as none, minor, major or critical', ['ST-3-indicator-enum'], async (t) => {
    const docs = await fetchTogether(t, [SUMMARY, ROLLUP]);
    expectAllIn(t, 'ST-3-indicator-enum', indicators(docs), exactly(INDICATORS), `one of ${INDICATORS.join(', ')}`, 'no document carries a status indicator');
  });

  ruleTest('use, beyond the contract\'s indicators, only the live pages\' maintenance', ['ST-3-indicator-maintenance-extension'], async (t) => {
    const docs = await fetchTogether(t, [SUMMARY, ROLLUP]);
    expectOnlyKnownExtensions(t, 'ST-3-indicator-maintenance-extension', indicators(docs), INDICATORS, INDICATOR_EXTENSIONS, 'indicator');
  });
});

describe.concurrent('GET /components.json and the component lists of the other documents', () => {
  ruleTest('report each component status as one of the four contract values', ['ST-3-component-status-enum'], async (t) => {
    const docs = await fetchTogether(t, STATUS_DOCUMENTS);
    expectAllIn(t, 'ST-3-component-status-enum', componentStatuses(docs), exactly(COMPONENT_STATUSES), `one of ${COMPONENT_STATUSES.join(', ')}`, 'no document lists a component');
  });

  ruleTest('use, beyond the contract\'s component statuses, only the live pages\' under_maintenance', ['ST-3-component-under-maintenance-extension'], async (t) => {
    const docs = await fetchTogether(t, [SUMMARY, COMPONENTS]);
    expectOnlyKnownExtensions(t, 'ST-3-component-under-maintenance-extension', componentStatuses(docs), COMPONENT_STATUSES, COMPONENT_STATUS_EXTENSIONS, 'component status');
  });
});

describe.concurrent('GET /incidents.json, /incidents/unresolved.json and /summary.json', () => {
  ruleTest('put every incident in one of the five incident states', ['ST-3-incident-status-enum'], async (t) => {
    const docs = await fetchTogether(t, [SUMMARY, INCIDENTS, UNRESOLVED]);
    expectAllIn(t, 'ST-3-incident-status-enum', statesOf(docs, INCIDENT_LISTS), (v) => inStateSet(v, INCIDENT_STATES), 'an incident state', 'no document lists an incident');
  });

  ruleTest('announce incident states in the updates of incidents', ['ST-4.7-incident-update-fields'], async (t) => {
    const docs = await fetchTogether(t, [SUMMARY, INCIDENTS, UNRESOLVED]);
    expectAllIn(t, 'ST-4.7-incident-update-fields', updateStates(docs, INCIDENT_LISTS), (v) => inStateSet(v, INCIDENT_STATES), 'an incident state', 'no incident carries an update');
  });
});

describe.concurrent('GET /scheduled-maintenances.json, its upcoming and active subsets and /summary.json', () => {
  ruleTest('put every maintenance in one of the four maintenance states', ['ST-3-maintenance-status-enum'], async (t) => {
    const docs = await fetchTogether(t, [SUMMARY, MAINTENANCES, UPCOMING, ACTIVE]);
    expectAllIn(t, 'ST-3-maintenance-status-enum', statesOf(docs, MAINTENANCE_LISTS), (v) => inStateSet(v, MAINTENANCE_STATES), 'a maintenance state', 'no document lists a maintenance');
  });

  ruleTest('announce maintenance states in the updates of maintenances', ['ST-4.7-incident-update-fields'], async (t) => {
    const docs = await fetchTogether(t, [SUMMARY, MAINTENANCES, UPCOMING, ACTIVE]);
    expectAllIn(t, 'ST-4.7-incident-update-fields', updateStates(docs, MAINTENANCE_LISTS), (v) => inStateSet(v, MAINTENANCE_STATES), 'a maintenance state', 'no maintenance carries an update');
  });
});

describe.concurrent('all status documents', () => {
  ruleTest('spell incident and maintenance states in lower snake case', ['ST-3-status-wire-spelling'], async (t) => {
    const docs = await fetchTogether(t, [SUMMARY, INCIDENTS, UNRESOLVED, MAINTENANCES, UPCOMING, ACTIVE]);
    const found = [...statesOf(docs, INCIDENT_LISTS), ...statesOf(docs, MAINTENANCE_LISTS)];
    expectAllIn(t, 'ST-3-status-wire-spelling', found, exactly([...INCIDENT_STATES, ...MAINTENANCE_STATES]), 'a state in its wire spelling', 'no document lists an incident or a maintenance');
  });

  ruleTest('give incidents and maintenances an impact of none, minor, major, critical or maintenance', ['ST-3-incident-impact-enum'], async (t) => {
    const docs = await fetchTogether(t, [SUMMARY, INCIDENTS, UNRESOLVED, MAINTENANCES, UPCOMING, ACTIVE]);
    const found = [...statesOf(docs, INCIDENT_LISTS, 'impact'), ...statesOf(docs, MAINTENANCE_LISTS, 'impact')];
    expectAllIn(t, 'ST-3-incident-impact-enum', found, exactly(IMPACTS), `one of ${IMPACTS.join(', ')}`, 'no document lists an incident or a maintenance');
  });
});
