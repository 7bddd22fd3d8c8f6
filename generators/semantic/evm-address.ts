import fc from 'fast-check';
import { stringMatchingArbitrary } from '../schema/string-matching.ts';

const hexDigits = (count: number) => stringMatchingArbitrary(new RegExp(`^[0-9a-fA-F]{${count}}$`));

/**
 * A 20-byte EVM address, letters in any case. `prefix: 'with'` always writes `0x` (the verification
 * interface requires it), `'without'` never, `'either'` (default) both, as the contract call allows.
 */
export function evmAddressArbitrary(options: { prefix?: 'with' | 'without' | 'either' } = {}): fc.Arbitrary<string> {
  const prefix = options.prefix ?? 'either';
  const withPrefix = fc.boolean().map((coin) => (prefix === 'either' ? coin : prefix === 'with'));
  const body = fc.oneof(fc.constantFrom('0'.repeat(40), 'f'.repeat(40), 'F'.repeat(40)), hexDigits(40));
  return fc.tuple(withPrefix, body).map(([p, hex]) => (p ? `0x${hex}` : hex));
}

/** Not an address: 39 or 41 digits (with and without `0x`), a non-hex digit, `0X`, surrounding space. */
export function invalidEvmAddressArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    hexDigits(39),
    hexDigits(41).map((h) => `0x${h}`),
    hexDigits(39).map((h) => `0x${h}g`),
    hexDigits(40).map((h) => `0X${h}`),
    hexDigits(40).map((h) => ` 0x${h}`),
    fc.constant(''),
  );
}
