import { logAttempts } from '../http/attempt-log.ts';
import type { RunLimits } from './coordinator-client.ts';
import { createRunLimitKeepers, type LimitsConfig } from './run-limit-keepers.ts';

/**
 * The run's limits kept in the test worker, for a run whose files all run in that one worker (on
 * loopback, the embedded reference included): the same keepers as the coordinator's, without a
 * loopback call for every request.
 */
export function localRunLimits(config: LimitsConfig): RunLimits {
  const { limiter, budget, pacer, locks } = createRunLimitKeepers(config);
  return {
    pacer,
    async beforeSend() {
      budget.take();
      await limiter.acquire();
      // Every attempt (throttled ones too) is logged as it leaves, so the report's rate is the real one.
      if (config.attemptLog) logAttempts(config.attemptLog, [Date.now()]);
    },
    async alone(claim, body) {
      const token = await locks.acquire(claim);
      try {
        return await body();
      } finally {
        locks.release(token);
      }
    },
  };
}
