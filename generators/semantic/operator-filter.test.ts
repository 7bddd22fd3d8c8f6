import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityIdArbitrary } from './entity-id.ts';
import { boundSide, FILTER_OPERATORS, operatorFilterArbitrary, parseOperatorFilter, satisfiesOperator } from './operator-filter.ts';

describe('parseOperatorFilter', () => {
  it.each([
    ['gte:0.0.5', 'gte', '0.0.5'],
    ['0.0.5', 'eq', '0.0.5'],
    ['ne:1700000000.5', 'ne', '1700000000.5'],
    // Not one of the six: the prefix stays in the value, for the target to refuse.
    ['GT:5', 'eq', 'GT:5'],
    ['ge:5', 'eq', 'ge:5'],
    [':5', 'eq', ':5'],
  ])('reads %s as %s and %s', (text, op, value) => {
    expect(parseOperatorFilter(text)).toEqual({ op, value });
  });

  it('reads back what operatorFilterArbitrary writes', () => {
    fc.assert(fc.property(fc.option(fc.constantFrom(...FILTER_OPERATORS), { nil: undefined }), entityIdArbitrary(), (op, value) => {
      expect(parseOperatorFilter(op ? `${op}:${value}` : value)).toEqual({ op: op ?? 'eq', value });
    }));
    fc.assert(fc.property(operatorFilterArbitrary(entityIdArbitrary()), (text) => {
      expect(text.endsWith(parseOperatorFilter(text).value)).toBe(true);
    }));
  });
});

describe('operator semantics', () => {
  it('keeps the rows each operator names, given how a row compares with the value', () => {
    const kept = (comparison: number) => FILTER_OPERATORS.filter((op) => satisfiesOperator(op, comparison));
    expect(kept(-1)).toEqual(['ne', 'lt', 'lte']);
    expect(kept(0)).toEqual(['eq', 'gte', 'lte']);
    expect(kept(1)).toEqual(['ne', 'gt', 'gte']);
  });

  it('puts gt/gte on the lower side of a range and lt/lte on the upper side', () => {
    expect(FILTER_OPERATORS.map(boundSide)).toEqual([undefined, undefined, 'lower', 'lower', 'upper', 'upper']);
  });
});
