// Status faults: values outside the contract's state sets (section 3).
import type { Layer, LayerRequest, LayerResponse } from './layer.ts';
import { okList, okObject } from './layer-tools.ts';

export const STATUS = '/status/api/v2';

/** The items under `key` of a status document answer. */
export function statusItems(req: LayerRequest, res: LayerResponse, key: string): Array<Record<string, any>> {
  return req.path.startsWith(STATUS) ? okList(res, key) ?? [] : [];
}

export const STATUS_ENUM_FAULTS: Layer[] = [
  {
    name: 'status-indicator-unknown',
    interface: 'status',
    rules: ['ST-3-indicator-enum'],
    description: 'summary.json and status.json report the page indicator "unknown", outside none/minor/major/critical.',
    response(req, res) {
      const status = okObject(res)?.status;
      if (req.path.startsWith(STATUS) && status && typeof status === 'object') status.indicator = 'unknown';
    },
  },
  {
    name: 'status-component-status-down',
    interface: 'status',
    rules: ['ST-3-component-status-enum'],
    description: 'Components report the status "down" instead of major_outage or partial_outage.',
    response(req, res) {
      for (const component of statusItems(req, res, 'components')) if (component.status === 'major_outage' || component.status === 'partial_outage') component.status = 'down';
    },
  },
  {
    name: 'status-incident-state-open',
    interface: 'status',
    rules: ['ST-3-incident-status-enum'],
    description: 'Incidents under investigation report the state "open" instead of investigating.',
    response(req, res) {
      for (const incident of statusItems(req, res, 'incidents')) if (incident.status === 'investigating') incident.status = 'open';
    },
  },
  {
    name: 'status-maintenance-state-planned',
    interface: 'status',
    rules: ['ST-3-maintenance-status-enum'],
    description: 'Scheduled maintenances report the state "planned" instead of scheduled.',
    response(req, res) {
      for (const m of statusItems(req, res, 'scheduled_maintenances')) if (m.status === 'scheduled') m.status = 'planned';
    },
  },
];
