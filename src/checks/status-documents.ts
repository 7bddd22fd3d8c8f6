import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { expectRule } from './rule-violation.ts';

/** The eight documents of contract 4.7, with their operationId and the list key the notes observe. */
export interface StatusDocument {
  path: string;
  operationId: string;
  /** Top-level keys besides `page` (reference notes). */
  keys: string[];
}

export const SUMMARY: StatusDocument = { path: '/summary.json', operationId: 'getStatusSummary', keys: ['status', 'components', 'incidents', 'scheduled_maintenances'] };
export const ROLLUP: StatusDocument = { path: '/status.json', operationId: 'getStatusRollup', keys: ['status'] };
export const COMPONENTS: StatusDocument = { path: '/components.json', operationId: 'listComponents', keys: ['components'] };
export const INCIDENTS: StatusDocument = { path: '/incidents.json', operationId: 'listIncidents', keys: ['incidents'] };
export const UNRESOLVED: StatusDocument = { path: '/incidents/unresolved.json', operationId: 'listUnresolvedIncidents', keys: ['incidents'] };
export const MAINTENANCES: StatusDocument = { path: '/scheduled-maintenances.json', operationId: 'listScheduledMaintenances', keys: ['scheduled_maintenances'] };
export const UPCOMING: StatusDocument = { path: '/scheduled-maintenances/upcoming.json', operationId: 'listUpcomingMaintenances', keys: ['scheduled_maintenances'] };
export const ACTIVE: StatusDocument = { path: '/scheduled-maintenances/active.json', operationId: 'listActiveMaintenances', keys: ['scheduled_maintenances'] };

export const STATUS_DOCUMENTS: StatusDocument[] = [SUMMARY, ROLLUP, COMPONENTS, INCIDENTS, UNRESOLVED, MAINTENANCES, UPCOMING, ACTIVE];

export type Item = Record<string, unknown>;

export interface FetchedDocument {
  doc: StatusDocument;
  exchange: Exchange;
  body: Record<string, unknown>;
}

/**
 * GETs a status document and insists it is served (200, contract 4.7) as a JSON object (observed
 * format); a document that is not there leaves nothing to check, so these failures end the test.
 */
export async function fetchStatusDocument(t: Check, doc: StatusDocument): Promise<FetchedDocument> {
  const exchange = await t.get(doc.path);
  expectRule('ST-4.7-eight-documents', exchange.status === 200, `${doc.path} answered ${exchange.status}, expected 200`, exchange);
  const body = responseJson(exchange);
  expectRule('ST-4.7-json-page-object', isObject(body), `${doc.path} is not a JSON object: ${exchange.responseBody.slice(0, 120)}`, exchange);
  return { doc, exchange, body };
}

/** Fetches several documents at once, so that they describe (nearly) the same instant of a live page. */
export function fetchTogether(t: Check, docs: StatusDocument[]): Promise<FetchedDocument[]> {
  return Promise.all(docs.map((doc) => fetchStatusDocument(t, doc)));
}

/** The list under `key`; without it the document has nothing to compare, which ends the test. */
export function listIn(fetched: FetchedDocument, key: string): Item[] {
  const list = fetched.body[key];
  expectRule('ST-4.7-top-level-keys', Array.isArray(list) && list.every(isObject), `${fetched.doc.path} has no list of objects under "${key}"`, fetched.exchange);
  return list as Item[];
}

/** The objects listed under `key`, none when there is no list: for checks judging whatever items there are. */
export function itemsIn(fetched: FetchedDocument, key: string): Item[] {
  const list = fetched.body[key];
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** Every object in a document, the document itself included, with where it sits (`/incidents.json.incidents[0]`). */
export function objectsIn(fetched: FetchedDocument): Array<{ object: Item; where: string }> {
  const out: Array<{ object: Item; where: string }> = [];
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) node.forEach((child, i) => visit(child, `${where}[${i}]`));
    else if (isObject(node)) {
      out.push({ object: node, where });
      for (const [key, value] of Object.entries(node)) visit(value, `${where}.${key}`);
    }
  };
  visit(fetched.body, fetched.doc.path);
  return out;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
