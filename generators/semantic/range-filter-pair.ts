import fc from 'fast-check';

/**
 * A range as two repeated filters, the way a list is narrowed (`timestamp=gt:A&timestamp=lt:B`):
 * a lower bound (`gt`/`gte`) and an upper bound (`lt`/`lte`) with A ≤ B, both inclusive when
 * A = B so the range is never empty by construction. Values are decimal text (`123`, `1.5`).
 */
export function rangeFilterPairArbitrary(value: fc.Arbitrary<string>): fc.Arbitrary<[string, string]> {
  return fc.tuple(value, value, fc.constantFrom('gt', 'gte'), fc.constantFrom('lt', 'lte')).map(([a, b, lowerOp, upperOp]) => {
    const [low, high] = compareDecimalText(a, b) <= 0 ? [a, b] : [b, a];
    const equal = compareDecimalText(low, high) === 0;
    return [`${equal ? 'gte' : lowerOp}:${low}`, `${equal ? 'lte' : upperOp}:${high}`];
  });
}

/** Compares non-negative decimal text exactly (no float rounding): `1.5` < `1.50001` < `2`. */
export function compareDecimalText(a: string, b: string): number {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const whole = BigInt(ai) - BigInt(bi);
  if (whole !== 0n) return whole < 0n ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, '0');
  const fb = bf.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}
