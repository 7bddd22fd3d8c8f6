// Validation of the contract-call body exactly as contract 4.3 states it. Unknown properties are
// ignored and null means "use the default"; one message per invalid field.
import type { ErrorMessage } from '../query/query-error.ts';
import { queryErrorMessage } from './query-error-body.ts';

export const DEFAULT_CALL_GAS = 15_000_000n;
export const MAX_DATA_CHARACTERS = 262_146;

const ADDRESS = /^(0x)?[A-Fa-f0-9]{40}$/;
const BLOCK = /^((0x)?[0-9a-fA-F]+|(earliest|pending|latest))$/;
const DATA = /^(0x)?[0-9a-fA-F]+$/;
const INT64_MAX = 2n ** 63n - 1n;

export type BlockTag = { kind: 'latest' | 'earliest' | 'pending' } | { kind: 'number'; number: bigint };

export interface CallRequest {
  to: string;
  from: string | null;
  block: BlockTag;
  data: Uint8Array;
  estimate: boolean;
  gas: bigint;
  gasPrice: bigint;
  value: bigint;
}

export type CallRequestResult = { ok: true; request: CallRequest } | { ok: false; messages: ErrorMessage[] };

function invalid(field: string, detail: string): ErrorMessage {
  return queryErrorMessage(`Invalid parameter: ${field}`, detail);
}

/** 0x-less lowercase 40-hex form of a validated address. */
function normalizeAddress(value: string): string {
  return `0x${value.replace(/^0x/, '').toLowerCase()}`;
}

/**
 * Hex text to bytes. The contract's data pattern admits an odd number of digits; such a value is
 * read as if a leading 0 were written, so it is accepted rather than refused.
 */
export function hexTextToBytes(text: string): Uint8Array {
  let digits = text.replace(/^0x/, '');
  if (digits.length % 2 === 1) digits = `0${digits}`;
  return Uint8Array.from(Buffer.from(digits, 'hex'));
}

/** An int64 field: the body is parsed losslessly, so integers past 2^53 arrive as exact bigints. */
function parseInt64(field: string, value: unknown, fallback: bigint, messages: ErrorMessage[]): bigint {
  if (value === undefined || value === null) return fallback;
  const exact = typeof value === 'bigint' ? value : typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : undefined;
  if (exact === undefined) {
    messages.push(invalid(field, 'must be an integer'));
    return fallback;
  }
  if (exact < 0n) messages.push(invalid(field, 'must be greater than or equal to 0'));
  else if (exact > INT64_MAX) messages.push(invalid(field, 'must fit in a 64-bit signed integer'));
  return exact;
}

function parseOptionalString(field: string, value: unknown, pattern: RegExp, messages: ErrorMessage[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !pattern.test(value)) {
    messages.push(invalid(field, `must match ${pattern.source}`));
    return null;
  }
  return value;
}

export function parseCallRequest(body: unknown): CallRequestResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, messages: [queryErrorMessage('Bad Request', 'the request body must be a JSON object')] };
  }
  const fields = body as Record<string, unknown>;
  const messages: ErrorMessage[] = [];

  let to: string | null = null;
  if (fields.to === undefined || fields.to === null) messages.push(invalid('to', 'is required'));
  else to = parseOptionalString('to', fields.to, ADDRESS, messages);

  const from = parseOptionalString('from', fields.from, ADDRESS, messages);
  const blockText = parseOptionalString('block', fields.block, BLOCK, messages);

  let data: string | null = null;
  if (typeof fields.data === 'string' && fields.data.length > MAX_DATA_CHARACTERS) {
    messages.push(invalid('data', `must be at most ${MAX_DATA_CHARACTERS} characters`));
  } else {
    data = parseOptionalString('data', fields.data, DATA, messages);
  }

  let estimate = false;
  if (fields.estimate !== undefined && fields.estimate !== null) {
    if (typeof fields.estimate !== 'boolean') messages.push(invalid('estimate', 'must be a boolean'));
    else estimate = fields.estimate;
  }

  const gas = parseInt64('gas', fields.gas, DEFAULT_CALL_GAS, messages);
  const gasPrice = parseInt64('gasPrice', fields.gasPrice, 0n, messages);
  const value = parseInt64('value', fields.value, 0n, messages);

  if (messages.length > 0 || to === null) return { ok: false, messages };

  let block: BlockTag = { kind: 'latest' };
  if (blockText === 'earliest' || blockText === 'pending' || blockText === 'latest') block = { kind: blockText };
  else if (blockText !== null) block = { kind: 'number', number: BigInt(`0x${blockText.replace(/^0x/, '')}`) };

  return {
    ok: true,
    request: {
      to: normalizeAddress(to),
      from: from === null ? null : normalizeAddress(from),
      block,
      data: data === null ? new Uint8Array(0) : hexTextToBytes(data),
      estimate,
      gas,
      gasPrice,
      value,
    },
  };
}
