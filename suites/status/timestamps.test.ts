// Timestamps are ISO-8601 with offsets: parsed, never compared as text, and ordered as the states
// imply. Incident updates belong to their parent and are listed newest first.
import { describe } from 'vitest';
import { INCIDENTS, MAINTENANCES, STATUS_DOCUMENTS, fetchStatusDocument, fetchTogether, isObject, listIn, objectsIn } from '../../src/checks/status-documents.ts';
import { parseIsoInstant } from '../../src/checks/status-iso-instant.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';

const TIME_FIELDS = ['updated_at', 'created_at', 'monitoring_at', 'resolved_at', 'started_at', 'scheduled_for', 'scheduled_until', 'display_at'];
const NULLABLE = new Set(['monitoring_at', 'resolved_at']);

describe.concurrent('all status documents', () => {
  ruleTest('write every timestamp as a parseable ISO-8601 date-time with an offset', ['ST-4.7-timestamps-parse'], async (t) => {
    const docs = await fetchTogether(t, STATUS_DOCUMENTS);
    let checked = 0;
    for (const d of docs) {
      for (const { object, where } of objectsIn(d)) {
        for (const field of TIME_FIELDS.filter((f) => f in object)) {
          const value = object[field];
          if (value === null && NULLABLE.has(field)) continue;
          checked += 1;
          t.soft('ST-4.7-timestamps-parse', parseIsoInstant(value) !== undefined, `${where}.${field} is ${JSON.stringify(value)}, not an ISO-8601 date-time with a Z or numeric offset`, d.exchange);
        }
      }
    }
    if (checked === 0) t.skip('no document carries a timestamp');
    t.note(`${checked} timestamp(s) parsed`);
  });
});

describe.concurrent('GET /incidents.json', () => {
  ruleTest('gives no incident a resolution time before its creation', ['ST-3-resolved-not-before-created'], async (t) => {
    const fetched = await fetchStatusDocument(t, INCIDENTS);
    const resolved = listIn(fetched, 'incidents').filter((i) => i.resolved_at !== null && i.resolved_at !== undefined);
    let compared = 0;
    for (const i of resolved) {
      const created = parseIsoInstant(i.created_at);
      const resolvedAt = parseIsoInstant(i.resolved_at);
      // Unparseable times are the timestamps-parse rule's finding; here only comparable pairs count.
      if (created === undefined || resolvedAt === undefined) continue;
      compared += 1;
      t.soft('ST-3-resolved-not-before-created', resolvedAt >= created, `${String(i.id)} resolved_at ${String(i.resolved_at)} is before created_at ${String(i.created_at)}`, fetched.exchange);
    }
    if (compared === 0) t.skip(`incidents.json lists no incident with a parseable resolution and creation time (${resolved.length} with a resolution time)`, { mayLack: true });
    t.note(`${compared} resolved incident(s) checked`);
  });
});

for (const doc of [INCIDENTS, MAINTENANCES]) {
  const key = doc.keys[0]!;
  describe.concurrent(`GET ${doc.path}`, () => {
    ruleTest('lists each item\'s updates newest first, each naming its parent', ['ST-4.7-incident-update-fields'], async (t) => {
      const fetched = await fetchStatusDocument(t, doc);
      const withUpdates = listIn(fetched, key).filter((i) => Array.isArray(i.incident_updates) && i.incident_updates.length > 0);
      if (withUpdates.length === 0) t.skip(`${doc.path} lists no item with updates`, { mayLack: true });
      for (const item of withUpdates) {
        const updates = (item.incident_updates as unknown[]).filter(isObject);
        for (const u of updates) {
          t.soft('ST-4.7-incident-update-fields', u.incident_id === item.id, `update ${String(u.id)} of ${String(item.id)} has incident_id ${JSON.stringify(u.incident_id)}`, fetched.exchange);
        }
        const times = updates.map((u) => parseIsoInstant(u.created_at));
        for (let i = 1; i < times.length; i++) {
          const [newer, older] = [times[i - 1], times[i]];
          if (newer === undefined || older === undefined) continue;
          t.soft('ST-4.7-incident-update-fields', newer >= older, `updates of ${String(item.id)} are not newest first: ${String(updates[i - 1]!.created_at)} precedes ${String(updates[i]!.created_at)}`, fetched.exchange);
        }
      }
      t.note(`${withUpdates.length} item(s) with updates checked`);
    });
  });
}
