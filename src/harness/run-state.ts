import { AsyncLocalStorage } from 'node:async_hooks';
import { inject } from 'vitest';
import './provided-config.ts';
import type { ResolvedConfig } from '../config/run-config.ts';
import { createClient, type TargetClient } from '../http/client.ts';
import { logAttempts, readAttemptTimes } from '../http/attempt-log.ts';
import type { Exchange } from '../http/exchange.ts';
import { logExchange } from '../http/exchange-log.ts';
import { createRateLimiter } from '../http/rate-limiter.ts';
import { createRedactor } from '../http/redact.ts';
import { createRequestBudget } from '../http/request-budget.ts';
import { createTargetPacer } from '../http/target-pacer.ts';
import { guardRequest } from './request-guard.ts';

/**
 * The worker's view of the run: one client, one rate limiter and one budget shared by every test
 * (the conformance project runs its files in a single worker, so these are run-wide).
 */
export interface RunState {
  config: ResolvedConfig;
  client: TargetClient;
  redact: ReturnType<typeof createRedactor>;
}

/** What belongs to one test while it runs; tests run concurrently, so it follows the test's async calls. */
export interface TestScope {
  /** Exchanges the test sent, in the order they completed. */
  exchanges: Exchange[];
  /** Whether the test may send state-changing requests to non-loopback targets. */
  writesAllowed: boolean;
}

const testScope = new AsyncLocalStorage<TestScope>();

/** Runs a test body with its requests recorded into `scope` and guarded by its permissions. */
export function runInTestScope<T>(scope: TestScope, body: () => T): T {
  return testScope.run(scope, body);
}

let state: RunState | undefined;

export function runState(): RunState {
  if (state) return state;
  const config = inject('conformance');
  const redact = createRedactor({ headers: config.headers, secretHeaders: config.secretHeaders, secretParams: config.secretParams });
  // The run's count and pace so far (the CLI's probes, or files before this state was built) come from the attempt log.
  const earlier = config.attemptLog ? readAttemptTimes(config.attemptLog) : [];
  const limiter = createRateLimiter(config.effectiveRate, earlier);
  const budget = createRequestBudget(config.effectiveMaxRequests, Math.max(0, earlier.length - (config.attemptsBeforeTests ?? 0)));
  const client = createClient({
    headers: config.headers,
    timeoutMs: config.timeoutMs,
    maxBodyBytes: config.maxBodyBytes,
    throttle: { maxRetries: 4, maxWaitMs: 30_000 },
    pacer: createTargetPacer(config.faultLog),
    redactAnswer: redact.answer,
    hooks: {
      async beforeSend() {
        budget.take();
        await limiter.acquire();
        // Every attempt (throttled ones too) is logged when it leaves, so the report's rate is the real one.
        if (config.attemptLog) logAttempts(config.attemptLog, [Date.now()]);
      },
      onExchange(exchange) {
        testScope.getStore()?.exchanges.push(exchange);
        if (config.exchangeLog) logExchange(config.exchangeLog, redact.exchange(exchange));
      },
      onGiveUp(entry) {
        if (config.exchangeLog) logExchange(config.exchangeLog, { ...entry, url: redact.text(entry.url), fault: redact.text(entry.fault) });
      },
    },
  });
  const s: RunState = {
    config,
    redact,
    client: {
      // The production-safety guard sits in front of the one client every test shares.
      async send(req) {
        guardRequest(config, req, testScope.getStore()?.writesAllowed ?? false);
        return client.send(req);
      },
    },
  };
  state = s;
  return s;
}
