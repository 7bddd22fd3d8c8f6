// Status faults on the documents that hold a subset of a list: wrong states let in, right ones
// left out, in the summary and the unresolved, upcoming and active documents (sections 3, 4.7).
import type { Layer } from './layer.ts';
import { STATUS, statusItems } from './status-enums.ts';

/** A fault that edits the items under `key` of one status document. */
function onDocument(name: string, doc: string, key: string, rules: string[], description: string, edit: (items: Array<Record<string, any>>) => void): Layer {
  return {
    name, interface: 'status', rules, description,
    response(req, res) {
      if (req.path !== `${STATUS}/${doc}`) return;
      const items = statusItems(req, res, key);
      if (items.length) edit(items);
    },
  };
}

const resolve = (item: Record<string, any>) => {
  item.status = 'resolved';
  item.resolved_at = item.updated_at;
};

export const STATUS_SUBSET_FAULTS: Layer[] = [
  onDocument('status-summary-shows-resolved', 'summary.json', 'incidents', ['ST-4.7-summary-incidents-unresolved', 'ST-3-unresolved-states'],
    'summary.json shows its last incident as resolved instead of only unresolved ones.', (items) => resolve(items[items.length - 1]!)),
  onDocument('status-summary-shows-completed', 'summary.json', 'scheduled_maintenances', ['ST-4.7-summary-maintenances-upcoming-or-active', 'ST-3-maintenance-state-groups'],
    'summary.json shows a completed maintenance among the upcoming and active ones.', (items) => { items[items.length - 1]!.status = 'completed'; }),
  onDocument('status-summary-drops-monitoring', 'summary.json', 'incidents', ['ST-3-unresolved-states', 'ST-4.7-summary-document', 'ST-4.7-summary-incidents-agree'],
    'summary.json leaves out incidents in monitoring, treating them as resolved.', (items) => { items.splice(0, items.length, ...items.filter((i) => i.status !== 'monitoring')); }),
  onDocument('status-unresolved-shows-resolved', 'incidents/unresolved.json', 'incidents', ['ST-4.7-unresolved-subset', 'ST-3-unresolved-states'],
    'incidents/unresolved.json holds an incident in state resolved.', (items) => resolve(items[items.length - 1]!)),
  onDocument('status-unresolved-drops-monitoring', 'incidents/unresolved.json', 'incidents', ['ST-3-unresolved-states', 'ST-4.7-unresolved-subset'],
    'incidents/unresolved.json leaves out incidents in monitoring.', (items) => { items.splice(0, items.length, ...items.filter((i) => i.status !== 'monitoring')); }),
  onDocument('status-upcoming-shows-in-progress', 'scheduled-maintenances/upcoming.json', 'scheduled_maintenances', ['ST-4.7-upcoming-subset', 'ST-3-maintenance-state-groups'],
    'scheduled-maintenances/upcoming.json holds a maintenance already in progress.', (items) => { items[0]!.status = 'in_progress'; }),
  onDocument('status-upcoming-drops-one', 'scheduled-maintenances/upcoming.json', 'scheduled_maintenances', ['ST-4.7-upcoming-subset', 'ST-3-maintenance-state-groups'],
    'scheduled-maintenances/upcoming.json leaves out one scheduled maintenance.', (items) => { items.pop(); }),
  onDocument('status-active-shows-scheduled', 'scheduled-maintenances/active.json', 'scheduled_maintenances', ['ST-4.7-active-subset', 'ST-3-maintenance-state-groups'],
    'scheduled-maintenances/active.json holds a maintenance that is only scheduled.', (items) => { items[0]!.status = 'scheduled'; }),
];
