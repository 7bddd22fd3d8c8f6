import { describeExchange, type Exchange } from '../http/exchange.ts';

/** A failed check: names the rule it breaks and, when there is one, the exchange that shows it. */
export class RuleViolation extends Error {
  override name = 'RuleViolation';
  constructor(
    readonly rule: string,
    readonly detail: string,
    readonly exchange?: Exchange,
  ) {
    super(`[${rule}] ${detail}${exchange ? `\n  in ${describeExchange(exchange)}` : ''}`);
  }
}

/** Asserts one property of one rule; throws a RuleViolation that the report attributes to it. */
export function expectRule(rule: string, holds: boolean, detail: string, exchange?: Exchange): asserts holds {
  if (!holds) throw new RuleViolation(rule, detail, exchange);
}
