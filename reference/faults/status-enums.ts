// Status faults: values outside the contract's state sets (section 3).
import type { Layer } from './layer.ts';
import { okList, okObject } from './layer-tools.ts';

const STATUS = '/status/api/v2';

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
    description: 'Components report the status "down" instead of major_outage.',
    response(req, res) {
      if (!req.path.startsWith(STATUS)) return;
      for (const component of okList(res, 'components') ?? []) if (component.status === 'major_outage' || component.status === 'partial_outage') component.status = 'down';
    },
  },
];
