import fc from 'fast-check';

/** The contract call's payload limit: 131072 bytes, written as 262144 hex digits plus optional `0x`. */
const CALL_DATA_MAX_BYTES = 131_072;
export const CALL_DATA_MAX_CHARACTERS = 2 + 2 * CALL_DATA_MAX_BYTES;

/**
 * Hex-encoded bytes (whole bytes, so an even digit count), with or without `0x`: a method selector
 * and its encoded arguments. Random payloads stay short; the longest one is longestCallData().
 */
export function hexDataArbitrary(): fc.Arbitrary<string> {
  const bytes = fc.uint8Array({ minLength: 1, maxLength: 100 });
  return fc.tuple(fc.boolean(), bytes).map(([prefix, b]) => `${prefix ? '0x' : ''}${Buffer.from(b).toString('hex')}`);
}

/** Exactly 262146 characters: `0x` and 131072 bytes of payload, the largest `data` the contract accepts. */
export function longestCallData(): string {
  return `0x${'ab'.repeat(CALL_DATA_MAX_BYTES)}`;
}

/** One character past the limit (262147), which the contract rejects. */
export function tooLongCallData(): string {
  return `${longestCallData()}c`;
}
