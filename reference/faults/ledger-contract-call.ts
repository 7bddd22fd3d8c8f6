// Query-service faults on the contract call (POST /api/v1/contracts/call, section 4.3): validation
// too lax or too strict, wrong defaults, estimate ignored, result and error formats.
import type { Layer } from './layer.ts';
import { contractCallBody, isContractCall, isJsonCall, jsonAnswer, ledgerError } from './layer-tools.ts';

const ADDRESS = /^(0x)?[A-Fa-f0-9]{40}$/;
const BLOCK = /^((0x)?[0-9a-fA-F]+|latest|pending|earliest)$/;
const NULLABLE = ['block', 'data', 'estimate', 'from', 'gas', 'gasPrice', 'value'];

const isNegative = (v: unknown) => (typeof v === 'number' && v < 0) || (typeof v === 'string' && /^-\d/.test(v));

/** A call fault that drops a field the handler would refuse, so the call runs without it. */
function dropsWhen(name: string, field: string, rule: string, description: string, bad: (v: unknown) => boolean): Layer {
  return {
    name, interface: 'ledger-query', rules: [rule], description,
    request(req) {
      const body = contractCallBody(req);
      if (body && bad(body[field])) delete body[field];
    },
  };
}

/** A call fault that fills in a wrong default for a field left out or null. */
function defaultsTo(name: string, field: string, value: unknown, rule: string, description: string): Layer {
  return {
    name, interface: 'ledger-query', rules: [rule], description,
    request(req) {
      const body = contractCallBody(req);
      if (body && (body[field] === undefined || body[field] === null)) body[field] = value;
    },
  };
}

export const LEDGER_CONTRACT_CALL_FAULTS: Layer[] = [
  {
    name: 'contract-call-to-optional',
    interface: 'ledger-query',
    rules: ['LQ-4.3-to-required'],
    description: 'A contract call without `to` answers 200 with result 0x instead of being rejected.',
    request(req) {
      const body = contractCallBody(req);
      if (body && (body.to === undefined || body.to === null)) return jsonAnswer(200, { result: '0x' });
    },
  },
  {
    name: 'contract-call-address-unchecked',
    interface: 'ledger-query',
    rules: ['LQ-4.3-address-pattern'],
    description: 'A contract call whose `to` or `from` is not a 20-byte hex address answers 200 with result 0x.',
    request(req) {
      const body = contractCallBody(req);
      const bad = (v: unknown) => typeof v === 'string' && !ADDRESS.test(v);
      if (body && (bad(body.to) || bad(body.from))) return jsonAnswer(200, { result: '0x' });
    },
  },
  {
    name: 'contract-call-from-bare-upper-case-refused',
    interface: 'ledger-query',
    rules: ['LQ-4.3-address-pattern'],
    description: 'A contract call whose `from` comes without 0x and in upper case is refused with 400 (`to` is still taken in any spelling).',
    request(req) {
      const from = contractCallBody(req)?.from;
      if (typeof from === 'string' && /^[0-9A-F]{40}$/.test(from) && /[A-F]/.test(from)) return ledgerError(400, 'Invalid parameter: from');
    },
  },
  dropsWhen('contract-call-block-unchecked', 'block', 'LQ-4.3-block-pattern', 'A malformed `block` is ignored and the call runs at latest.', (v) => typeof v === 'string' && !BLOCK.test(v)),
  dropsWhen('contract-call-gas-negative-accepted', 'gas', 'LQ-4.3-gas-minimum', 'A negative `gas` is ignored and the call runs with the default.', isNegative),
  dropsWhen('contract-call-value-negative-accepted', 'value', 'LQ-4.3-value-minimum', 'A negative `value` is ignored and the call transfers nothing.', isNegative),
  dropsWhen('contract-call-gas-price-negative-accepted', 'gasPrice', 'LQ-4.3-gas-price-minimum', 'A negative `gasPrice` is ignored.', isNegative),
  {
    name: 'contract-call-data-limit-262144',
    interface: 'ledger-query',
    rules: ['LQ-4.3-data-max-length'],
    description: 'The contract call refuses `data` longer than 262144 characters, counting the 0x prefix against the 131072-byte limit.',
    request(req) {
      const data = contractCallBody(req)?.data;
      if (typeof data === 'string' && data.length > 262_144) return ledgerError(400, 'Invalid parameter: data');
    },
  },
  {
    name: 'contract-call-data-limit-262148',
    interface: 'ledger-query',
    rules: ['LQ-4.3-data-max-length'],
    description: 'The contract call takes `data` of up to 262148 characters, leaving the 0x prefix out of the 262146-character limit.',
    request(req) {
      const body = contractCallBody(req);
      const data = body?.data;
      // The call runs on the first 262146 characters (the suite pads with zeros, which ABI decoding ignores).
      if (typeof data === 'string' && data.startsWith('0x') && data.length > 262_146 && data.length <= 262_148) body!.data = data.slice(0, 262_146);
    },
  },
  {
    name: 'contract-call-data-needs-0x',
    interface: 'ledger-query',
    rules: ['LQ-4.3-data-pattern'],
    description: 'The contract call refuses `data` written without the 0x prefix, which the pattern allows.',
    request(req) {
      const data = contractCallBody(req)?.data;
      if (typeof data === 'string' && data !== '' && !data.startsWith('0x')) return ledgerError(400, 'Invalid parameter: data');
    },
  },
  {
    name: 'contract-call-null-refused',
    interface: 'ledger-query',
    rules: ['LQ-4.3-nullable-fields'],
    description: 'The contract call refuses null in its optional fields with 400.',
    request(req) {
      const body = contractCallBody(req);
      const field = body && NULLABLE.find((f) => body[f] === null);
      if (field) return ledgerError(400, `Invalid parameter: ${field}`);
    },
  },
  {
    name: 'contract-call-result-unprefixed',
    interface: 'ledger-query',
    rules: ['LQ-4.3-result-hex', 'LQ-4.3-estimate-gas'],
    description: 'A successful contract call gives its result without the 0x prefix.',
    response(req, res) {
      const body = res.body as { result?: unknown } | undefined;
      if (contractCallBody(req) && res.status === 200 && typeof body?.result === 'string') body.result = body.result.replace(/^0x/, '');
    },
  },
  dropsWhen('contract-call-estimate-ignored', 'estimate', 'LQ-4.3-estimate-gas', 'estimate=true is ignored: the call answers the call\'s output instead of a gas estimate.', (v) => v === true),
  defaultsTo('contract-call-block-default-earliest', 'block', 'earliest', 'LQ-4.3-block-default-latest', 'Without `block` the call runs at earliest instead of latest.'),
  defaultsTo('contract-call-gas-default-30000', 'gas', 30_000, 'LQ-4.3-gas-default', 'Without `gas` the call runs with 30000 gas instead of 15000000.'),
  defaultsTo('contract-call-value-default-one', 'value', 1, 'LQ-4.3-value-default', 'Without `value` the call transfers 1 instead of 0.'),
  {
    name: 'contract-call-null-body-answered',
    interface: 'ledger-query',
    rules: ['LQ-7-contract-call-error-body'],
    description: 'A contract call whose body is the JSON literal null answers 200 with result 0x, as an empty call, instead of being rejected.',
    request(req) {
      if (isJsonCall(req) && req.body === null) return jsonAnswer(200, { result: '0x' });
    },
  },
  {
    name: 'contract-call-error-plain',
    interface: 'ledger-query',
    // The body's shape is LQ-2.5's: the suites report a malformed error body there, once.
    rules: ['LQ-7-contract-call-error-body', 'LQ-2.5-error-body-shape'],
    description: 'Failures of the contract call answer {error: "..."} instead of the error body.',
    response(req, res) {
      const body = res.body as { _status?: { messages?: Array<{ message: string }> } } | undefined;
      if (isContractCall(req) && res.status >= 400 && body?._status?.messages) res.body = { error: body._status.messages.map((m) => m.message).join('; ') };
    },
  },
  {
    name: 'contract-call-media-type-exact',
    interface: 'ledger-query',
    rules: ['LQ-4.3-content-type-json'],
    description: 'The contract call answers 415 unless Content-Type is exactly application/json (a charset or other casing is refused).',
    request(req) {
      if (contractCallBody(req) && req.headers['content-type'] !== 'application/json') return ledgerError(415, 'Unsupported Media Type');
    },
  },
];
