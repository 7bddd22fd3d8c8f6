import fc from 'fast-check';
import { RuleViolation } from '../checks/rule-violation.ts';
import { TargetUnreachable, ThrottledOut } from '../http/client.ts';
import { BudgetExhausted } from '../http/request-budget.ts';
import { SkipCheck } from './skip.ts';
import { formatReplay, propertySettings } from '../../generators/property-settings.ts';
import type { Check } from './rule-test.ts';

/**
 * Runs a fast-check property against the target with the run's seed and depth. A failure is
 * shrunk to a minimal input and rethrown as the RuleViolation it was, with the input and the
 * seed needed to replay it, so the report still attributes it to its rule.
 */
export async function checkProperty<T>(t: Check, arbitrary: fc.Arbitrary<T>, predicate: (input: T) => Promise<void>, options: { runs?: number } = {}): Promise<void> {
  const details = await fc.check(
    fc.asyncProperty(arbitrary, predicate),
    propertySettings<[T]>({ seed: t.config.seed, depth: options.runs ?? t.config.depth }),
  );
  const replay = formatReplay(details);
  if (!replay) return;
  const cause = details.errorInstance;
  // No answer to judge (budget spent, throttled out, refused, unreachable): the wrapper must see why, not a failure.
  if (cause instanceof SkipCheck || cause instanceof BudgetExhausted || cause instanceof ThrottledOut || cause instanceof TargetUnreachable) throw cause;
  if (cause instanceof RuleViolation) throw new RuleViolation(cause.rule, `${cause.detail}\n${replay}`, cause.exchange);
  throw new Error(`${cause instanceof Error ? cause.message : String(cause)}\n${replay}`);
}
