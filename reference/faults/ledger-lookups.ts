// Query-service faults on lookups by ID: the wrong entity, lost entries, lookup forms and listed
// entities that cannot be found (sections 1, 4.6).
import type { Layer } from './layer.ts';
import { isGet, ledgerError, okList } from './layer-tools.ts';

export const LEDGER_LOOKUP_FAULTS: Layer[] = [
  {
    name: 'schedules-lookup-neighbour',
    interface: 'ledger-query',
    rules: ['LQ-4.6-schedule-lookup', 'LQ-4.6-lookup-by-discovered-id'],
    description: 'GET /api/v1/schedules/{id} serves the schedule after the one asked for (an off-by-one in the key).',
    request(req) {
      const m = req.method === 'GET' ? /^\/api\/v1\/schedules\/(\d+\.\d+\.)?(\d+)$/.exec(req.path) : null;
      if (m) req.path = `/api/v1/schedules/${m[1] ?? ''}${BigInt(m[2]!) + 1n}`;
    },
  },
  {
    name: 'transactions-lookup-first-entry-only',
    interface: 'ledger-query',
    rules: ['LQ-4.6-transaction-lookup-all-entries', 'LQ-1-duplicates-separate-entries'],
    description: 'GET /api/v1/transactions/{id} returns only the first entry of a transaction ID, dropping duplicates and children.',
    response(req, res) {
      const list = isGet(req, /\/api\/v1\/transactions\/[^/]+/) ? okList(res, 'transactions') : undefined;
      list?.splice(1);
    },
  },
  {
    name: 'accounts-evm-address-not-found',
    interface: 'ledger-query',
    rules: ['LQ-4.6-account-lookup-forms'],
    description: 'An account looked up by its EVM address answers 404 although the same account is found by its ID.',
    request(req) {
      if (isGet(req, /\/api\/v1\/accounts\/(0x)?[0-9a-fA-F]{40}/)) return ledgerError(404, 'Not found');
    },
  },
  {
    name: 'tokens-lookup-not-found',
    interface: 'ledger-query',
    rules: ['LQ-4.6-lookup-by-discovered-id', 'LQ-1-list-entity-retrievable', 'LQ-4.6-endpoints-answer'],
    description: 'A token listed by /api/v1/tokens answers 404 when looked up by its ID.',
    request(req) {
      if (isGet(req, /\/api\/v1\/tokens\/\d+\.\d+\.\d+/)) return ledgerError(404, 'Not found');
    },
  },
];
