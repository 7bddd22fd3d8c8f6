// Each of the eight status documents is served and has the shape of the notes' Statuspage format:
// the OpenAPI schema (value sets of section 3 included), the observed keys and field names.
import { describe } from 'vitest';
import { expectMatchesResponseSchema } from '../../src/checks/response-schema.ts';
import {
  ACTIVE, COMPONENTS, INCIDENTS, MAINTENANCES, ROLLUP, SUMMARY, UNRESOLVED, UPCOMING,
  fetchStatusDocument, isObject, itemsIn, type FetchedDocument, type Item, type StatusDocument,
} from '../../src/checks/status-documents.ts';
import { COMPONENT_FIELDS, INCIDENT_FIELDS, INCIDENT_UPDATE_FIELDS, MAINTENANCE_FIELDS, PAGE_FIELDS, missingFields } from '../../src/checks/status-observed-fields.ts';
import { CLOSED_INCIDENT_STATES, COMPLETED_MAINTENANCE_STATES, inStateSet } from '../../src/checks/status-states.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';

const SHAPE_RULES = ['ST-4.7-eight-documents', 'ST-4.7-no-server-error', 'ST-4.7-json-page-object', 'ST-4.7-top-level-keys'];

/**
 * Served, JSON, schema-valid, with the page object and the observed top-level keys. A list
 * document's own rule sits on its list in the spec, judged only when the list has items; the
 * document as a whole is judged by the observed keys rule, so an empty list passes nothing.
 */
async function checkDocumentShape(t: Check, doc: StatusDocument, documentRule: string): Promise<FetchedDocument> {
  const fetched = await fetchStatusDocument(t, doc);
  const { exchange, body } = fetched;
  const type = exchange.responseHeaders['content-type'] ?? '';
  t.soft('ST-4.7-json-page-object', /^application\/json\b/i.test(type), `${doc.path} content-type is "${type}", expected application/json`, exchange);
  await expectMatchesResponseSchema(t, exchange, 'status', doc.operationId, documentRule);
  const absent = ['page', ...doc.keys].filter((key) => !(key in body));
  t.soft('ST-4.7-top-level-keys', absent.length === 0, `${doc.path} lacks the top-level key(s) ${absent.join(', ')}`, exchange);
  const page = body.page;
  t.soft('ST-4.7-json-page-object', isObject(page) && missingFields(page, PAGE_FIELDS).length === 0,
    `${doc.path} page object lacks ${isObject(page) ? missingFields(page, PAGE_FIELDS).join(', ') : 'everything (no page object)'}`, exchange);
  return fetched;
}

/** Observed field names of every listed item (and of every incident update inside it). */
function checkItemFields(t: Check, fetched: FetchedDocument, key: string, fields: string[], rule: string): Item[] {
  const items = itemsIn(fetched, key);
  for (const [i, item] of items.entries()) {
    const missing = missingFields(item, fields);
    t.soft(rule, missing.length === 0, `${fetched.doc.path} ${key}[${i}] (${String(item.id)}) lacks ${missing.join(', ')}`, fetched.exchange);
    if (!Array.isArray(item.incident_updates)) continue;
    for (const [j, update] of item.incident_updates.filter(isObject).entries()) {
      const lacking = missingFields(update, INCIDENT_UPDATE_FIELDS);
      t.soft('ST-4.7-incident-update-fields', lacking.length === 0, `${fetched.doc.path} ${key}[${i}].incident_updates[${j}] lacks ${lacking.join(', ')}`, fetched.exchange);
    }
  }
  return items;
}

describe.concurrent('GET /summary.json', () => {
  ruleTest('is served with the overall status, the components, the unresolved incidents and the upcoming or active maintenances',
    [...SHAPE_RULES, 'ST-4.7-summary-document', 'ST-1-reports-status-incidents-maintenance', 'ST-3-indicator-enum', 'ST-3-component-status-enum',
      'ST-3-incident-status-enum', 'ST-3-maintenance-status-enum', 'ST-3-incident-impact-enum', 'ST-4.7-component-fields', 'ST-4.7-incident-fields',
      'ST-4.7-incident-update-fields', 'ST-4.7-maintenance-fields'],
    async (t) => {
      const fetched = await checkDocumentShape(t, SUMMARY, 'ST-4.7-summary-document');
      const carried = SUMMARY.keys.filter((key) => key in fetched.body);
      // The contract's summary reports status, components, incidents and maintenance (sections 1 and 4.7).
      t.soft('ST-4.7-summary-document', carried.length === SUMMARY.keys.length, `summary.json carries only ${carried.join(', ') || 'none'} of ${SUMMARY.keys.join(', ')}`, fetched.exchange);
      t.soft('ST-1-reports-status-incidents-maintenance', isObject(fetched.body.status) && Array.isArray(fetched.body.incidents) && Array.isArray(fetched.body.scheduled_maintenances),
        'summary.json does not report the status, the incidents and the maintenances together', fetched.exchange);
      checkItemFields(t, fetched, 'components', COMPONENT_FIELDS, 'ST-4.7-component-fields');
      checkItemFields(t, fetched, 'incidents', INCIDENT_FIELDS, 'ST-4.7-incident-fields');
      checkItemFields(t, fetched, 'scheduled_maintenances', MAINTENANCE_FIELDS, 'ST-4.7-maintenance-fields');
    });
});

describe.concurrent('GET /status.json', () => {
  ruleTest('is served with an indicator and a human-readable description', [...SHAPE_RULES, 'ST-4.7-status-rollup', 'ST-3-indicator-enum'], async (t) => {
    const fetched = await checkDocumentShape(t, ROLLUP, 'ST-4.7-status-rollup');
    const status = fetched.body.status;
    t.soft('ST-4.7-status-rollup', isObject(status) && typeof status.indicator === 'string', 'status.json has no indicator', fetched.exchange);
    t.soft('ST-4.7-status-rollup', isObject(status) && typeof status.description === 'string' && status.description.trim().length > 0,
      `status.json has no human-readable description: ${JSON.stringify(isObject(status) ? status.description : status)}`, fetched.exchange);
  });
});

describe.concurrent('GET /components.json', () => {
  ruleTest('is served with every component carrying a status', [...SHAPE_RULES, 'ST-4.7-components-with-status', 'ST-3-component-status-enum', 'ST-4.7-component-fields'], async (t) => {
    const fetched = await checkDocumentShape(t, COMPONENTS, 'ST-4.7-top-level-keys');
    // Without a components list the document lists no component at all (an empty list still can).
    t.soft('ST-4.7-components-with-status', Array.isArray(fetched.body.components), `components.json has no components list (keys: ${Object.keys(fetched.body).join(', ') || 'none'})`, fetched.exchange);
    const components = checkItemFields(t, fetched, 'components', COMPONENT_FIELDS, 'ST-4.7-component-fields');
    if (components.length === 0) t.skip('components.json lists no component, so no status can be checked');
    const without = components.filter((c) => typeof c.status !== 'string').map((c) => String(c.id));
    t.soft('ST-4.7-components-with-status', without.length === 0, `components without a status: ${without.join(', ')}`, fetched.exchange);
  });
});

/** Items in states that only the full list holds: what its rule's clause `clause` needs to be judged. */
interface ClosedItems {
  states: readonly string[];
  clause: string;
  what: string;
}

/**
 * The full list's clause on closed items: held where the list shows one; where it shows none, not
 * judged (no other document lists them: a page that leaves them out looks like one without any).
 */
function judgeClosedListed(t: Check, fetched: FetchedDocument, items: Item[], rule: string, closed: ClosedItems): void {
  const listed = items.filter((item) => inStateSet(item.status, closed.states));
  if (listed.length > 0) t.soft(rule, true, `${fetched.doc.path} lists ${listed.length} ${closed.what}(s)`, fetched.exchange, closed.clause);
  else t.notEvaluated(rule, `${fetched.doc.path} lists no ${closed.what} among its ${items.length} item(s): no other document lists them, so leaving them out cannot be told from having none`, { mayLack: true });
}

/** The five list documents: the shape, then the observed fields of every listed item and of its updates. */
const LIST_DOCUMENTS: Array<{ doc: StatusDocument; what: string; documentRule: string; rules: string[]; fields: string[]; fieldsRule: string; closed?: ClosedItems }> = [
  { doc: INCIDENTS, what: 'incidents carrying the observed fields', documentRule: 'ST-4.7-incidents-all-states',
    rules: ['ST-3-incident-status-enum', 'ST-3-incident-impact-enum', 'ST-8-incidents-max-50'], fields: INCIDENT_FIELDS, fieldsRule: 'ST-4.7-incident-fields',
    closed: { states: CLOSED_INCIDENT_STATES, clause: 'resolved-listed', what: 'Resolved or Postmortem incident' } },
  { doc: UNRESOLVED, what: 'unresolved incidents carrying the observed fields', documentRule: 'ST-4.7-unresolved-subset',
    rules: ['ST-3-unresolved-states'], fields: INCIDENT_FIELDS, fieldsRule: 'ST-4.7-incident-fields' },
  { doc: MAINTENANCES, what: 'maintenances carrying the incident fields and their window', documentRule: 'ST-4.7-maintenances-all-states',
    rules: ['ST-3-maintenance-status-enum', 'ST-8-maintenances-max-50'], fields: MAINTENANCE_FIELDS, fieldsRule: 'ST-4.7-maintenance-fields',
    closed: { states: COMPLETED_MAINTENANCE_STATES, clause: 'completed-listed', what: 'Completed maintenance' } },
  { doc: UPCOMING, what: 'upcoming maintenances carrying the observed fields', documentRule: 'ST-4.7-upcoming-subset',
    rules: ['ST-3-maintenance-state-groups'], fields: MAINTENANCE_FIELDS, fieldsRule: 'ST-4.7-maintenance-fields' },
  { doc: ACTIVE, what: 'active maintenances carrying the observed fields', documentRule: 'ST-4.7-active-subset',
    rules: ['ST-3-maintenance-state-groups'], fields: MAINTENANCE_FIELDS, fieldsRule: 'ST-4.7-maintenance-fields' },
];

for (const list of LIST_DOCUMENTS) {
  describe.concurrent(`GET ${list.doc.path}`, () => {
    // checkItemFields also judges each item's updates, so every list test carries the update-fields rule.
    ruleTest(`is served with ${list.what}`, [...SHAPE_RULES, list.documentRule, ...list.rules, list.fieldsRule, 'ST-4.7-incident-update-fields'], async (t) => {
      const fetched = await checkDocumentShape(t, list.doc, 'ST-4.7-top-level-keys');
      const items = checkItemFields(t, fetched, list.doc.keys[0]!, list.fields, list.fieldsRule);
      if (list.closed) judgeClosedListed(t, fetched, items, list.documentRule, list.closed);
    });
  });
}
