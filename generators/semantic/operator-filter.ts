import fc from 'fast-check';

/** The filter operators of the contract's `[operator:]value` form; no operator means equality. */
export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** `value` or `op:value` for each of the six operators. */
export function operatorFilterArbitrary(value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(fc.option(fc.constantFrom(...FILTER_OPERATORS), { nil: undefined }), value).map(([op, v]) => (op ? `${op}:${v}` : v));
}

/**
 * A valid value behind an operator that is not one of the six: near misses (`ge:`, `equals:`,
 * `neq:`), an empty operator (`:5`), a doubled one, and upper case (`GT:`), which the contract's
 * pattern rejects but a lenient service may take.
 */
export function invalidOperatorFilterArbitrary(value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const prefix = fc.constantFrom('ge:', 'le:', 'equals:', 'neq:', 'lessthan:', ':', 'gt:gt:', 'gt=', 'gt', 'GT:', 'Eq:');
  return fc.tuple(prefix, value).map(([p, v]) => `${p}${v}`);
}
