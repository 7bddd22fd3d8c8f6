import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boundSide, parseOperatorFilter } from './operator-filter.ts';
import { compareDecimalText, rangeFilterPairArbitrary } from './range-filter-pair.ts';
import { timestampArbitrary } from './timestamp.ts';

describe('compareDecimalText', () => {
  it.each([
    ['1', '2', -1],
    ['1.5', '1.50', 0],
    ['1.5', '1.49999', 1],
    ['9999999999.999999999', '10000000000', -1],
    ['1700000000.000000001', '1700000000', 1],
  ])('compares %s with %s as %i', (a, b, expected) => {
    expect(compareDecimalText(a, b)).toBe(expected);
  });

  it('is antisymmetric on timestamps', () => {
    fc.assert(fc.property(timestampArbitrary(), timestampArbitrary(), (a, b) => {
      expect(compareDecimalText(a, b)).toBe(-compareDecimalText(b, a) || 0);
    }));
  });
});

describe('rangeFilterPairArbitrary', () => {
  it('gives a lower bound then an upper bound that does not lie below it', () => {
    fc.assert(fc.property(rangeFilterPairArbitrary(timestampArbitrary()), ([lower, upper]) => {
      const low = parseOperatorFilter(lower);
      const high = parseOperatorFilter(upper);
      expect(boundSide(low.op)).toBe('lower');
      expect(boundSide(high.op)).toBe('upper');
      const order = compareDecimalText(low.value, high.value);
      expect(order).toBeLessThanOrEqual(0);
      if (order === 0) expect([low.op, high.op]).toEqual(['gte', 'lte']);
    }));
  });
});
