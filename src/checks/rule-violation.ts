import { recordEvaluation } from '../evidence/evaluation.ts';
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

/**
 * Judges one property of one rule and records the evaluation, held or violated; a violation is
 * thrown as a RuleViolation that the report attributes to the rule. Call it only when the property
 * was really judged on an answer: a rule whose precondition did not happen is `t.notEvaluated`.
 * `clause` names the part of a rule with clauses that was judged.
 */
export function expectRule(rule: string, holds: boolean, detail: string, exchange?: Exchange, clause?: string): asserts holds {
  recordEvaluation({ rule, held: holds, exchanges: exchange ? [exchange] : [], ...(holds ? {} : { detail }), ...(clause ? { clause } : {}) });
  if (!holds) throw new RuleViolation(rule, detail, exchange);
}
