// Query-service faults on page sizes: the range of limit, its default, and pages that break it (4.1, 4.2).
import type { Layer } from './layer.ts';
import { isGet, ledgerError, mapQuery, okList, queryValues } from './layer-tools.ts';

const clampAbove100 = (v: string) => (/^\d+$/.test(v) && Number(v) > 100 ? '100' : v);

export const LEDGER_LIMIT_FAULTS: Layer[] = [
  {
    name: 'schedules-limit-101-accepted',
    interface: 'ledger-query',
    rules: ['LQ-4.1-limit-range'],
    description: 'The schedule list answers limit values above 100 with a page of 100 instead of refusing them with 400.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) mapQuery(req, 'limit', clampAbove100);
    },
  },
  {
    name: 'transactions-limit-101-accepted',
    interface: 'ledger-query',
    rules: ['LQ-4.2-limit-range'],
    description: 'The transaction list answers limit values above 100 with a page of 100 instead of refusing them with 400.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) mapQuery(req, 'limit', clampAbove100);
    },
  },
  {
    name: 'schedules-limit-0-accepted',
    interface: 'ledger-query',
    rules: ['LQ-4.1-limit-range', 'LQ-4.1-invalid-parameter-400'],
    description: 'The schedule list takes limit=0 as limit=1 instead of refusing it with 400.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) mapQuery(req, 'limit', (v) => (/^0+$/.test(v) ? '1' : v));
    },
  },
  {
    name: 'schedules-limit-100-refused',
    interface: 'ledger-query',
    rules: ['LQ-4.1-limit-range'],
    description: 'The schedule list refuses limit=100, the top of the range, with 400 (an off-by-one maximum of 99).',
    request(req) {
      if (isGet(req, '/api/v1/schedules') && queryValues(req, 'limit').some((v) => Number(v) === 100)) return ledgerError(400, 'Invalid parameter: limit');
    },
  },
  {
    name: 'schedules-default-limit-50',
    interface: 'ledger-query',
    rules: ['LQ-4.1-limit-default'],
    description: 'Without limit the schedule list pages 50 schedules at a time instead of 25.',
    request(req) {
      if (isGet(req, '/api/v1/schedules') && !queryValues(req, 'limit').length) req.query.push(['limit', '50']);
    },
  },
  {
    name: 'transactions-page-over-limit',
    interface: 'ledger-query',
    rules: ['LQ-4.2-limit-range', 'LQ-4-pagination-walk'],
    description: 'A full page of the transaction list repeats its last transaction, holding limit + 1 items.',
    response(req, res) {
      const list = isGet(req, '/api/v1/transactions') ? okList(res, 'transactions') : undefined;
      if (list?.length && list.length === Number(queryValues(req, 'limit')[0] ?? 25)) list.push(list[list.length - 1]!);
    },
  },
];
