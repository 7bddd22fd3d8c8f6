import fc from 'fast-check';
import { RuleViolation } from '../checks/rule-violation.ts';
import { TargetUnreachable, ThrottledOut } from '../http/client.ts';
import { BudgetExhausted } from '../http/request-budget.ts';
import { TargetAbandoned, TargetFault } from '../http/transport-faults.ts';
import { SkipCheck } from './skip.ts';
import { formatInput, formatReplay, propertySettings } from '../../generators/property-settings.ts';
import type { Check } from './rule-test.ts';
import { firstFailedCase } from './cases-at-once.ts';

/** Errors that say the run or the target, not the input, ended a case: no input is to blame. */
function endsTheProperty(error: unknown): boolean {
  return error instanceof SkipCheck || error instanceof BudgetExhausted || error instanceof ThrottledOut
    || error instanceof TargetUnreachable || error instanceof TargetFault || error instanceof TargetAbandoned;
}

/** The failure of a case, rethrown with how to find its input again (RuleViolations keep their rule and exchange). */
function withReplay(cause: unknown, how: string): unknown {
  if (cause instanceof RuleViolation) return new RuleViolation(cause.rule, `${cause.detail}\n${how}`, cause.exchange);
  // The error keeps its class (a TypeError on an unreadable answer is told apart from a harness fault).
  if (cause instanceof Error) {
    cause.message = `${cause.message}\n${how}`;
    return cause;
  }
  return new Error(`${String(cause)}\n${how}`);
}

/**
 * Runs a fast-check property against the target with the run's seed and depth. `examples` are
 * named inputs sent whole every run before the drawn ones: a closed set of inputs, each of which
 * may show a fault of its own, is not left to the draw (a few runs over six spellings leave some
 * out on most seeds). A failed example is reported as it is, not shrunk. The drawn cases are
 * sent `t.casesAtOnce` at a time (fc.sample gives the very inputs fc.check would, seed for seed);
 * the first failed case is then replayed through fc.check from its path, so it is shrunk to a
 * minimal input and rethrown as the RuleViolation it was, with the input and the seed needed to
 * replay it, and the report still attributes it to its rule. A case ended by the target or the
 * run's limits (a fault, throttling, the budget) stops the property: shrinking would only send the
 * same doomed requests again.
 */
export async function checkProperty<T>(t: Check, arbitrary: fc.Arbitrary<T>, predicate: (input: T) => Promise<void>, options: { runs?: number; examples?: readonly T[] } = {}): Promise<void> {
  const seed = t.config.seed;
  const depth = options.runs ?? t.config.depth;
  const settings = propertySettings<[T]>({ seed, depth });
  const examples = options.examples ?? [];
  const named = await firstFailedCase(examples, predicate, t.casesAtOnce);
  if (named !== undefined) {
    if (endsTheProperty(named.error)) throw named.error;
    throw withReplay(named.error, `named example ${named.index + 1} of ${examples.length}: ${formatInput(examples[named.index])}`);
  }
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
  throw withReplay(cause, how);
}
