// Status faults on the documents themselves: missing content, lists that leave out states or grow
// past the cap, documents missing, failing or swapped (sections 4.7, 8).
import type { Layer } from './layer.ts';
import { jsonAnswer, okObject } from './layer-tools.ts';
import { STATUS, statusItems } from './status-enums.ts';

/** Copies of the first items with fresh ids, so that a list grows past the cap of 50. */
function growPast50(items: Array<Record<string, any>>): void {
  const extra = items.slice(0, Math.max(0, 55 - items.length)).map((item, i) => ({ ...item, id: `${String(item.id)}x${i}` }));
  items.push(...extra);
}

export const STATUS_DOCUMENT_FAULTS: Layer[] = [
  {
    name: 'status-components-status-omitted',
    interface: 'status',
    rules: ['ST-4.7-components-with-status', 'ST-3-component-status-enum'],
    description: 'components.json lists components without their status field.',
    response(req, res) {
      if (req.path === `${STATUS}/components.json`) for (const c of statusItems(req, res, 'components')) delete c.status;
    },
  },
  {
    name: 'status-rollup-description-missing',
    interface: 'status',
    rules: ['ST-4.7-status-rollup'],
    description: 'status.json gives the indicator without the human-readable description.',
    response(req, res) {
      const status = req.path === `${STATUS}/status.json` ? okObject(res)?.status : undefined;
      if (status && typeof status === 'object') delete status.description;
    },
  },
  {
    name: 'status-summary-components-missing',
    interface: 'status',
    rules: ['ST-4.7-summary-document'],
    description: 'summary.json leaves out the components.',
    response(req, res) {
      const body = req.path === `${STATUS}/summary.json` ? okObject(res) : undefined;
      if (body) delete body.components;
    },
  },
  {
    name: 'status-incidents-drop-unresolved',
    interface: 'status',
    rules: ['ST-4.7-incidents-all-states', 'ST-8-lists-most-recent'],
    description: 'incidents.json holds only resolved and postmortem incidents, leaving out unresolved ones.',
    response(req, res) {
      const body = req.path === `${STATUS}/incidents.json` ? okObject(res) : undefined;
      if (body && Array.isArray(body.incidents)) body.incidents = body.incidents.filter((i: { status: string }) => i.status === 'resolved' || i.status === 'postmortem');
    },
  },
  {
    name: 'status-incidents-drop-newest',
    interface: 'status',
    rules: ['ST-8-lists-most-recent', 'ST-4.7-incidents-all-states'],
    description: 'incidents.json leaves out the newest incident (the cap of 50 keeps the oldest instead of the most recent).',
    response(req, res) {
      if (req.path === `${STATUS}/incidents.json`) statusItems(req, res, 'incidents').shift();
    },
  },
  {
    name: 'status-maintenances-drop-completed',
    interface: 'status',
    rules: ['ST-4.7-maintenances-all-states'],
    description: 'scheduled-maintenances.json leaves out completed maintenances.',
    response(req, res) {
      const body = req.path === `${STATUS}/scheduled-maintenances.json` ? okObject(res) : undefined;
      if (body && Array.isArray(body.scheduled_maintenances)) body.scheduled_maintenances = body.scheduled_maintenances.filter((m: { status: string }) => m.status !== 'completed');
    },
  },
  {
    name: 'status-incidents-over-50',
    interface: 'status',
    rules: ['ST-8-incidents-max-50'],
    description: 'incidents.json returns 55 incidents, more than the cap of 50.',
    response(req, res) {
      if (req.path === `${STATUS}/incidents.json`) growPast50(statusItems(req, res, 'incidents'));
    },
  },
  {
    name: 'status-maintenances-over-50',
    interface: 'status',
    rules: ['ST-8-maintenances-max-50'],
    description: 'scheduled-maintenances.json returns 55 maintenances, more than the cap of 50.',
    response(req, res) {
      if (req.path === `${STATUS}/scheduled-maintenances.json`) growPast50(statusItems(req, res, 'scheduled_maintenances'));
    },
  },
  {
    name: 'status-active-document-missing',
    interface: 'status',
    rules: ['ST-4.7-eight-documents'],
    description: 'scheduled-maintenances/active.json is not served: it answers 404.',
    request(req) {
      if (req.path === `${STATUS}/scheduled-maintenances/active.json`) return jsonAnswer(404, { error: 'not_found', message: 'no such document' });
    },
  },
  {
    name: 'status-unresolved-503',
    interface: 'status',
    rules: ['ST-4.7-no-server-error', 'ST-4.7-eight-documents'],
    description: 'incidents/unresolved.json fails with 503.',
    request(req) {
      if (req.path === `${STATUS}/incidents/unresolved.json`) return jsonAnswer(503, { error: 'unavailable' });
    },
  },
  {
    name: 'status-components-serves-incidents',
    interface: 'status',
    rules: ['ST-4.7-components-with-status', 'ST-4.7-eight-documents'],
    description: 'components.json is routed to the incidents document (a wrong route table entry).',
    request(req) {
      if (req.path === `${STATUS}/components.json`) req.path = `${STATUS}/incidents.json`;
    },
  },
];
