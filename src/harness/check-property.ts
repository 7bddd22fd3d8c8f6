import fc from 'fast-check';
import { RuleViolation } from '../checks/rule-violation.ts';
import { TargetUnreachable, ThrottledOut } from '../http/client.ts';
import { BudgetExhausted } from '../http/request-budget.ts';
import { TargetAbandoned, TargetFault } from '../http/transport-faults.ts';
import { SkipCheck } from './skip.ts';
import { formatReplay, propertySettings } from '../../generators/property-settings.ts';
import type { Check } from './rule-test.ts';
import { firstFailedCase } from './cases-at-once.ts';

/** Errors that say the run or the target, not the input, ended a case: no input is to blame. */
function endsTheProperty(error: unknown): boolean {
  return error instanceof SkipCheck || error instanceof BudgetExhausted || error instanceof ThrottledOut
    || error instanceof TargetUnreachable || error instanceof TargetFault || error instanceof TargetAbandoned;
}

/**
 * Runs a fast-check property against the target with the run's seed and depth. The cases are
 * sent `t.casesAtOnce` at a time (fc.sample gives the very inputs fc.check would, seed for seed);
 * the first failed case is then replayed through fc.check from its path, so it is shrunk to a
 * minimal input and rethrown as the RuleViolation it was, with the input and the seed needed to
 * replay it, and the report still attributes it to its rule. A case ended by the target or the
 * run's limits (a fault, throttling, the budget) stops the property: shrinking would only send the
 * same doomed requests again.
 */
export async function checkProperty<T>(t: Check, arbitrary: fc.Arbitrary<T>, predicate: (input: T) => Promise<void>, options: { runs?: number } = {}): Promise<void> {
  const seed = t.config.seed;
  const depth = options.runs ?? t.config.depth;
  const settings = propertySettings<[T]>({ seed, depth });
  const first = await firstFailedCase(fc.sample(arbitrary, { seed, numRuns: depth }), predicate, t.casesAtOnce);
  if (first === undefined) return;
  if (endsTheProperty(first.error)) throw first.error;

  let stop: unknown;
  let violation: RuleViolation | undefined;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (input) => {
      if (stop !== undefined) throw stop;
      try {
        await predicate(input);
      } catch (error) {
        if (endsTheProperty(error)) stop = error;
        else if (error instanceof RuleViolation) violation ??= error;
        throw error;
      }
    }),
    // From the failed case on, shrinking (endOnFailure off) as a sequential run would have.
    { ...settings, path: String(first.index) },
  );
  // A violation met before the target failed stands (unshrunk); otherwise the fault ends the test.
  if (stop !== undefined) throw violation ?? (first.error instanceof RuleViolation ? first.error : stop);
  const replay = formatReplay(details);
  // The target answered the case differently the second time: the first failure is the finding.
  const cause = replay ? details.errorInstance : first.error;
  const how = replay ?? `seed ${seed}, case ${first.index + 1} of ${depth} (it held when sent again)`;
  if (cause instanceof RuleViolation) throw new RuleViolation(cause.rule, `${cause.detail}\n${how}`, cause.exchange);
  // The error keeps its class (a TypeError on an unreadable answer is told apart from a harness fault).
  if (cause instanceof Error) {
    cause.message = `${cause.message}\n${how}`;
    throw cause;
  }
  throw new Error(`${String(cause)}\n${how}`);
}
