import { AsyncLocalStorage } from 'node:async_hooks';
import { inject } from 'vitest';
import './provided-config.ts';
import type { ResolvedConfig } from '../config/run-config.ts';
import { createClient, type TargetClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { logExchange } from '../http/exchange-log.ts';
import { createRedactor } from '../http/redact.ts';
import { connectToCoordinator, type RunLimits } from './coordinator-client.ts';
import { localRunLimits } from './local-run-limits.ts';
import { guardRequest } from './request-guard.ts';

/**
 * The worker's view of the run: one client shared by every test of the worker. The run's budget,
 * rate, pacing and turns are kept by the run's coordinator when the files run in several workers,
 * by the worker itself when they all run in it.
 */
export interface RunState {
  config: ResolvedConfig;
  client: TargetClient;
  redact: ReturnType<typeof createRedactor>;
  limits: RunLimits;
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
  const { url } = inject('coordinator');
  const limits = url ? connectToCoordinator(url, config) : localRunLimits(config);
  const client = createClient({
    headers: config.headers,
    timeoutMs: config.timeoutMs,
    maxBodyBytes: config.maxBodyBytes,
    throttle: { maxRetries: 4, maxWaitMs: 30_000 },
    pacer: limits.pacer,
    redactAnswer: redact.answer,
    hooks: {
      beforeSend: () => limits.beforeSend(),
      onExchange(exchange) {
        testScope.getStore()?.exchanges.push(exchange);
        // The log keeps no headers or bodies: only the URL needs masking (the answer was masked already).
        if (config.exchangeLog) logExchange(config.exchangeLog, { ...exchange, url: redact.text(exchange.url) });
      },
      onGiveUp(entry) {
        if (config.exchangeLog) logExchange(config.exchangeLog, { ...entry, url: redact.text(entry.url), fault: redact.text(entry.fault) });
      },
    },
  });
  const s: RunState = {
    config,
    redact,
    limits,
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
