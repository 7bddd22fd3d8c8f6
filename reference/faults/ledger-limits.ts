// Query-service faults on page sizes: the limit parameter's range and defaults (4.1, 4.2).
import type { Layer } from './layer.ts';
import { isGet, mapQuery } from './layer-tools.ts';

export const LEDGER_LIMIT_FAULTS: Layer[] = [
  {
    name: 'schedules-limit-101-accepted',
    interface: 'ledger-query',
    rules: ['LQ-4.1-limit-range'],
    description: 'The schedule list answers limit values above 100 with a page of 100 instead of refusing them with 400.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) mapQuery(req, 'limit', (v) => (/^\d+$/.test(v) && Number(v) > 100 ? '100' : v));
    },
  },
];
