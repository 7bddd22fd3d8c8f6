import fc from 'fast-check';
import { stringMatchingArbitrary } from '../schema/string-matching.ts';

/** A 32-byte EVM transaction hash: `0x` and 64 lowercase hex digits (the verification pattern). */
export function evmTransactionHashArbitrary(): fc.Arbitrary<string> {
  return stringMatchingArbitrary(/^[0-9a-f]{64}$/).map((hex) => `0x${hex}`);
}

/** Near misses of an EVM transaction hash: upper-case digits, 63 or 65 digits, no `0x`. */
export function invalidEvmTransactionHashArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    evmTransactionHashArbitrary().map((h) => `0x${h.slice(2).toUpperCase()}`),
    stringMatchingArbitrary(/^[0-9a-f]{63}$/).map((hex) => `0x${hex}`),
    stringMatchingArbitrary(/^[0-9a-f]{65}$/).map((hex) => `0x${hex}`),
    stringMatchingArbitrary(/^[0-9a-f]{64}$/),
  );
}

/** A ledger transaction hash as a lookup accepts it (reference notes): 48 bytes, 96 hex digits, `0x` optional. */
export function ledgerTransactionHashArbitrary(): fc.Arbitrary<string> {
  return fc.tuple(fc.boolean(), stringMatchingArbitrary(/^[0-9a-f]{96}$/)).map(([prefix, hex]) => `${prefix ? '0x' : ''}${hex}`);
}
