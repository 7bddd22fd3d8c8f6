// Query-service faults on error answers: body shape, status codes, one message per parameter,
// messages that name the parameter, not-found answers (sections 2.5, 4.5, 7).
import type { Layer, LayerRequest, LayerResponse } from './layer.ts';
import { isGet, ledgerError } from './layer-tools.ts';

interface ErrorBody {
  _status: { messages: Array<{ message: string; detail?: unknown; data?: unknown }> };
}

/** The error body of a 4xx answer of the query service, or undefined. */
function errorBody(req: LayerRequest, res: LayerResponse, status?: number): ErrorBody | undefined {
  const body = res.body as ErrorBody | undefined;
  if (res.status < 400 || res.status >= 500 || (status && res.status !== status)) return undefined;
  return Array.isArray(body?._status?.messages) && req.path.startsWith('/api/v1') ? body : undefined;
}

const TOPIC = /\/api\/v1\/topics\/[^/]+/;
/** The list endpoints: a path of one or two segments under /api/v1 with no ID in it. */
const LISTS = /^\/api\/v1\/(?:accounts|contracts|schedules|tokens|transactions|topics\/[^/]+\/messages)$/;

export const LEDGER_ERROR_FAULTS: Layer[] = [
  {
    name: 'errors-flat-message',
    interface: 'ledger-query',
    rules: ['LQ-2.5-error-body-shape'],
    description: 'Client errors answer {message: "..."} instead of {_status: {messages: [...]}}.',
    response(req, res) {
      const body = errorBody(req, res);
      if (body) res.body = { message: body._status.messages.map((m) => m.message).join('; ') };
    },
  },
  {
    name: 'errors-invalid-parameter-500',
    interface: 'ledger-query',
    rules: ['LQ-7-no-server-error', 'LQ-4.1-invalid-parameter-400', 'LQ-4.2-invalid-parameter-400', 'LQ-4.1-limit-range', 'LQ-4.2-limit-range'],
    description: 'An invalid query parameter on a GET answers 500 instead of 400.',
    response(req, res) {
      if (req.method === 'GET' && errorBody(req, res, 400)) res.status = 500;
    },
  },
  {
    name: 'list-bracketed-keys-500',
    interface: 'ledger-query',
    // The 500 is also a failure of the bracketed-keys rule (observed): the contract's own rule must still catch it.
    rules: ['LQ-7-no-server-error'],
    description: 'A query key with brackets (limit[x]=1) on a list endpoint answers 500 instead of 400.',
    request(req) {
      if (req.method === 'GET' && LISTS.test(req.path) && req.query.some(([k]) => /[[\]]/.test(k))) return ledgerError(500, 'Internal Server Error');
    },
  },
  {
    name: 'errors-first-message-only',
    interface: 'ledger-query',
    rules: ['LQ-7-one-message-per-invalid-parameter'],
    description: 'A request with several invalid parameters gets a 400 whose body names only the first.',
    response(req, res) {
      const body = errorBody(req, res, 400);
      if (body) body._status.messages = body._status.messages.slice(0, 1);
    },
  },
  {
    name: 'errors-message-without-name',
    interface: 'ledger-query',
    rules: ['LQ-7-message-names-parameter'],
    description: 'A 400 says only "Invalid parameter" without naming which.',
    response(req, res) {
      for (const m of errorBody(req, res, 400)?._status.messages ?? []) m.message = m.message.replace(/^(Invalid parameter|Unknown query parameter):.*$/, '$1');
    },
  },
  {
    name: 'errors-detail-as-object',
    interface: 'ledger-query',
    rules: ['LQ-2.5-error-body-shape', 'LQ-7-contract-call-error-body'],
    description: 'Error messages carry detail as an object {reason} instead of text.',
    response(req, res) {
      for (const m of errorBody(req, res)?._status.messages ?? []) m.detail = { reason: typeof m.detail === 'string' ? m.detail : m.message };
    },
  },
  {
    name: 'errors-data-empty-string',
    interface: 'ledger-query',
    rules: ['LQ-2.5-error-data-hex'],
    description: 'Error messages without data carry data "" instead of null or leaving it out.',
    response(req, res) {
      for (const m of errorBody(req, res)?._status.messages ?? []) if (m.data === null || m.data === undefined) m.data = '';
    },
  },
  {
    name: 'topics-unknown-200-empty',
    interface: 'ledger-query',
    rules: ['LQ-4.5-topic-not-found-404', 'LQ-4.5-topic-lookup'],
    description: 'An unknown topic answers 200 with an empty object instead of 404.',
    response(req, res) {
      if (isGet(req, TOPIC) && errorBody(req, res, 404)) {
        res.status = 200;
        res.body = {};
      }
    },
  },
  {
    name: 'topics-not-found-two-messages',
    interface: 'ledger-query',
    rules: ['LQ-7-not-found-single-message', 'LQ-4.5-topic-not-found-404'],
    description: 'An unknown topic answers 404 with two messages (Not found, and the ID) instead of one.',
    response(req, res) {
      const body = isGet(req, TOPIC) ? errorBody(req, res, 404) : undefined;
      body?._status.messages.push({ message: `Topic ${req.path.split('/').pop()} does not exist` });
    },
  },
  {
    name: 'topics-malformed-id-404',
    interface: 'ledger-query',
    rules: ['LQ-4.5-topic-id-entity-id'],
    description: 'A malformed topic ID answers 404 Not found instead of 400.',
    response(req, res) {
      const body = isGet(req, TOPIC) ? errorBody(req, res, 400) : undefined;
      if (body) {
        res.status = 404;
        body._status.messages = [{ message: 'Not found' }];
      }
    },
  },
];
