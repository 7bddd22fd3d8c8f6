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
  /** Exchanges of the test now running; the test wrapper swaps it per test. */
  current: Exchange[];
  /** Whether the test now running may send state-changing requests to non-loopback targets. */
  writesAllowed: boolean;
}

let state: RunState | undefined;

export function runState(): RunState {
  if (state) return state;
  const config = inject('conformance');
  const redact = createRedactor({ headers: config.headers, secretHeaders: config.secretHeaders, secretParams: config.secretParams });
  // Each test file gets fresh module state, so the run's count and pace so far come from the attempt log.
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
        s.current.push(exchange);
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
    current: [],
    writesAllowed: false,
    client: {
      // The production-safety guard sits in front of the one client every test shares.
      async send(req) {
        guardRequest(config, req, s.writesAllowed);
        return client.send(req);
      },
    },
  };
  state = s;
  return s;
}
