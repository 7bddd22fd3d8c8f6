// Query-service faults on ordering: ignored or wrong order, wrong defaults, unsorted pages (4.1, 4.2).
import type { Layer } from './layer.ts';
import { dropQuery, isGet, okList, queryValues } from './layer-tools.ts';

const isOrderValue = (v: string) => /^(asc|desc)$/i.test(v);

export const LEDGER_ORDER_FAULTS: Layer[] = [
  {
    name: 'schedules-order-desc-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4.1-order-enum'],
    description: 'The schedule list ignores order=desc and always lists ascending.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) dropQuery(req, (name, value) => name === 'order' && value.toLowerCase() === 'desc');
    },
  },
  {
    name: 'transactions-order-asc-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4.2-order-enum'],
    description: 'The transaction list ignores order=asc and always lists newest first.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) dropQuery(req, (name, value) => name === 'order' && value.toLowerCase() === 'asc');
    },
  },
  {
    name: 'schedules-default-order-desc',
    interface: 'ledger-query',
    rules: ['LQ-4.1-order-default-asc'],
    description: 'Without order the schedule list is descending instead of ascending.',
    request(req) {
      if (isGet(req, '/api/v1/schedules') && !queryValues(req, 'order').length) req.query.push(['order', 'desc']);
    },
  },
  {
    name: 'schedules-order-invalid-accepted',
    interface: 'ledger-query',
    rules: ['LQ-4.1-order-enum', 'LQ-4.1-invalid-parameter-400'],
    description: 'The schedule list ignores an order value other than asc or desc instead of refusing it with 400.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) dropQuery(req, (name, value) => name === 'order' && !isOrderValue(value));
    },
  },
  {
    name: 'transactions-order-invalid-accepted',
    interface: 'ledger-query',
    rules: ['LQ-4.2-order-enum', 'LQ-4.2-invalid-parameter-400'],
    description: 'The transaction list ignores an order value other than asc or desc instead of refusing it with 400.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) dropQuery(req, (name, value) => name === 'order' && !isOrderValue(value));
    },
  },
  {
    name: 'transactions-page-unsorted',
    interface: 'ledger-query',
    rules: ['LQ-4.2-order-enum', 'LQ-4-pagination-walk'],
    description: 'Each page of the transaction list swaps its first two transactions.',
    response(req, res) {
      const list = isGet(req, '/api/v1/transactions') ? okList(res, 'transactions') : undefined;
      if (list && list.length >= 2) [list[0], list[1]] = [list[1]!, list[0]!];
    },
  },
];
