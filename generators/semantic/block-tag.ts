import fc from 'fast-check';

const BLOCK_TAGS = ['latest', 'pending', 'earliest'] as const;

/**
 * The contract call's `block`: a named tag or a block number in hex (with or without `0x`). Numbers
 * stay small, since a block past the chain head is not one a target promises to answer for.
 */
export function blockTagArbitrary(): fc.Arbitrary<string> {
  const number = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 10 })).map(([prefix, n]) => `${prefix ? '0x' : ''}${n.toString(16)}`);
  return fc.oneof(fc.constantFrom(...BLOCK_TAGS), number);
}

/** Not a block: unknown tags, tags in upper case, decimal with a sign, `0x` alone. */
export function invalidBlockTagArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('finalized', 'safe', 'LATEST', 'Latest', '0x', '-1', '0xg', ' latest', '');
}
