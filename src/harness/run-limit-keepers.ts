import type { ResolvedConfig } from '../config/run-config.ts';
import { readAttemptTimes } from '../http/attempt-log.ts';
import { createRateLimiter } from '../http/rate-limiter.ts';
import { createRequestBudget } from '../http/request-budget.ts';
import { createTargetPacer } from '../http/target-pacer.ts';
import { createNamedLocks } from './named-locks.ts';

export type LimitsConfig = Pick<ResolvedConfig, 'effectiveRate' | 'effectiveMaxRequests' | 'attemptLog' | 'attemptsBeforeTests' | 'faultLog'>;

/**
 * What keeps the run's limits: its request budget, its rate, each target's pace (with the fault
 * log) and the turns of tests that run alone. One set per run, in the coordinator when the files
 * run in several workers, in the worker itself when they run in one.
 */
export function createRunLimitKeepers(config: LimitsConfig) {
  // The run's count and pace so far (the CLI's probes) come from the attempt log.
  const earlier = config.attemptLog ? readAttemptTimes(config.attemptLog) : [];
  return {
    limiter: createRateLimiter(config.effectiveRate, earlier),
    budget: createRequestBudget(config.effectiveMaxRequests, Math.max(0, earlier.length - (config.attemptsBeforeTests ?? 0))),
    // Trials: the tests have many requests ready at the start, and a target that never answers must not get them all.
    pacer: createTargetPacer(config.faultLog, { trials: true }),
    locks: createNamedLocks(),
  };
}
