// Query-service faults at the HTTP level: media types, methods, credentials and missing operations
// (sections 1, 4.4, 4.6, 5, 7).
import type { Layer } from './layer.ts';
import { isContractCall, isGet, jsonAnswer, ledgerError } from './layer-tools.ts';

export const LEDGER_HTTP_FAULTS: Layer[] = [
  {
    name: 'json-served-as-text-plain',
    interface: 'ledger-query',
    rules: ['LQ-1-json-responses', 'LQ-4.6-endpoints-answer', 'LQ-4.3-result-hex'],
    description: 'Every answer of the query service is labelled text/plain instead of application/json.',
    response(_req, res) {
      if (/json/i.test(res.headers['content-type'] ?? '')) res.headers['content-type'] = 'text/plain; charset=utf-8';
    },
  },
  {
    name: 'api-v2-served-as-v1',
    interface: 'ledger-query',
    rules: ['LQ-9-path-prefix'],
    description: 'Every GET under /api/v2 is answered as the same path under /api/v1 (a version alias the contract does not have).',
    request(req) {
      if (isGet(req, /\/api\/v2\/.*/)) req.path = `/api/v1/${req.path.slice('/api/v2/'.length)}`;
    },
  },
  {
    name: 'schedules-post-served',
    interface: 'ledger-query',
    rules: ['LQ-1-read-only-methods', 'LQ-4.6-get-only'],
    description: 'POST /api/v1/schedules answers 200 with an empty list instead of not being served.',
    request(req) {
      if (req.method === 'POST' && req.path === '/api/v1/schedules') return jsonAnswer(200, { schedules: [], links: { next: null } });
    },
  },
  {
    name: 'delete-answers-200',
    interface: 'ledger-query',
    rules: ['LQ-1-read-only-methods', 'LQ-4.6-get-only'],
    description: 'DELETE on any query-service path answers 200 {} as if it had deleted something.',
    request(req) {
      if (req.method === 'DELETE') return jsonAnswer(200, {});
    },
  },
  {
    name: 'schedules-require-credentials',
    interface: 'ledger-query',
    rules: ['LQ-5-schedules-no-auth'],
    description: 'The schedule list answers 401 to requests without an Authorization header.',
    request(req) {
      if (isGet(req, '/api/v1/schedules') && !req.headers.authorization) return ledgerError(401, 'Unauthorized');
    },
  },
  {
    name: 'contract-call-requires-credentials',
    interface: 'ledger-query',
    rules: ['LQ-5-contract-call-no-auth'],
    description: 'The contract call answers 401 to requests without an Authorization header.',
    request(req) {
      if (isContractCall(req) && !req.headers.authorization) return ledgerError(401, 'Unauthorized');
    },
  },
  {
    name: 'fee-estimate-missing',
    interface: 'ledger-query',
    rules: ['LQ-4.4-fee-estimate-operation'],
    description: 'POST /api/v1/network/fees is not implemented: it answers 404 Not found.',
    request(req) {
      if (req.method === 'POST' && req.path === '/api/v1/network/fees') return ledgerError(404, 'Not found');
    },
  },
  {
    name: 'fee-estimate-refuses-valid',
    interface: 'ledger-query',
    rules: ['LQ-4.4-fee-estimate-operation'],
    description: 'POST /api/v1/network/fees refuses every transaction with 400, valid ones included: it never estimates.',
    response(req, res) {
      if (req.method === 'POST' && req.path === '/api/v1/network/fees' && res.status === 200) Object.assign(res, ledgerError(400, 'Invalid transaction'));
    },
  },
  {
    name: 'fee-estimate-malformed-500',
    interface: 'ledger-query',
    rules: ['LQ-7-no-server-error', 'LQ-4.4-fee-estimate-operation'],
    description: 'Malformed input to POST /api/v1/network/fees fails with 500 instead of being rejected with 400.',
    response(req, res) {
      if (req.method === 'POST' && req.path === '/api/v1/network/fees' && res.status === 400) res.status = 500;
    },
  },
];
