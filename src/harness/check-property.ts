import fc from 'fast-check';
import { RuleViolation } from '../checks/rule-violation.ts';
import type { Check } from './rule-test.ts';

/**
 * Runs a fast-check property against the target with the run's seed and depth. A failure is
 * shrunk to a minimal input and rethrown as the RuleViolation it was, with the input and the
 * seed needed to replay it, so the report still attributes it to its rule.
 */
export async function checkProperty<T>(t: Check, arbitrary: fc.Arbitrary<T>, predicate: (input: T) => Promise<void>, options: { runs?: number } = {}): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
    seed: t.config.seed,
    numRuns: options.runs ?? t.config.depth,
  });
  if (!details.failed) return;
  const input = fc.stringify(details.counterexample?.[0]);
  const replay = `minimal input ${input.slice(0, 400)}; replay with --seed ${details.seed} (fast-check path ${details.counterexamplePath})`;
  const cause = details.errorInstance;
  if (cause instanceof RuleViolation) throw new RuleViolation(cause.rule, `${cause.detail}\n  ${replay}`, cause.exchange);
  throw new Error(`${cause instanceof Error ? cause.message : String(cause)}\n  ${replay}`);
}
