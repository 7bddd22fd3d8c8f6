import fc from 'fast-check';
import { entityIdArbitrary } from './entity-id.ts';

/**
 * `shard.realm.num-sss-nnn`: the payer, then the valid-start seconds and nanoseconds. The service
 * writes the nanoseconds padded to 9 digits and accepts them unpadded in a lookup, so both occur.
 */
export function transactionIdArbitrary(): fc.Arbitrary<string> {
  const seconds = fc.integer({ min: 0, max: 9_999_999_999 });
  const nanos = fc.integer({ min: 0, max: 999_999_999 });
  return fc
    .tuple(entityIdArbitrary(), seconds, nanos, fc.boolean())
    .map(([payer, s, n, pad]) => `${payer}-${s}-${pad ? String(n).padStart(9, '0') : n}`);
}

/** Not a transaction ID: missing parts, `@` instead of `-` (the SDK's display form), letters. */
export function invalidTransactionIdArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('0.0.1001-1700000000', '0.0.1001@1700000000.000000007', '0.0.1001-abc-1', '1001-1700000000-7', '0.0.1001--7', '0.0.1001-1700000000-1234567890', '');
}
