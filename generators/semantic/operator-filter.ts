import fc from 'fast-check';

/** The filter operators of the contract's `[operator:]value` form; no operator means equality. */
export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** One `[operator:]value` filter read back: the operator (eq when none was written) and its value. */
export interface OperatorFilter {
  op: FilterOperator;
  value: string;
}

/**
 * Reads `[operator:]value` (contract section 4), the one reading of the form on the suite's side:
 * checks, walkers and generators' tests all go through it. A prefix that is not one of the six
 * operators stays part of the value.
 */
export function parseOperatorFilter(text: string): OperatorFilter {
  const colon = text.indexOf(':');
  const head = colon < 0 ? '' : text.slice(0, colon);
  if ((FILTER_OPERATORS as readonly string[]).includes(head)) return { op: head as FilterOperator, value: text.slice(colon + 1) };
  return { op: 'eq', value: text };
}

/** The side of the value a bound operator keeps: gt/gte the rows above, lt/lte the rows below. */
export function boundSide(op: FilterOperator): 'lower' | 'upper' | undefined {
  if (op === 'gt' || op === 'gte') return 'lower';
  if (op === 'lt' || op === 'lte') return 'upper';
  return undefined;
}

/** Whether a row satisfies the operator, given how the row's value compares with the filter's. */
export function satisfiesOperator(op: FilterOperator, comparison: number): boolean {
  switch (op) {
    case 'eq':
      return comparison === 0;
    case 'ne':
      return comparison !== 0;
    case 'gt':
      return comparison > 0;
    case 'gte':
      return comparison >= 0;
    case 'lt':
      return comparison < 0;
    case 'lte':
      return comparison <= 0;
  }
}

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
