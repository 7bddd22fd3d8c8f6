import { FILTER_OPERATORS, type FilterOperator } from '../../generators/semantic/operator-filter.ts';

export interface OperatorFilter {
  op: FilterOperator;
  value: string;
}

/** Reads `[operator:]value` (contract section 4); no operator means equality. */
export function parseOperatorFilter(text: string): OperatorFilter {
  const colon = text.indexOf(':');
  const head = colon < 0 ? '' : text.slice(0, colon);
  if ((FILTER_OPERATORS as readonly string[]).includes(head)) return { op: head as FilterOperator, value: text.slice(colon + 1) };
  return { op: 'eq', value: text };
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
