import { logAttempts, readAttemptTimes } from './attempt-log.ts';
import { createClient, type TargetClient } from './client.ts';
import { logExchange } from './exchange-log.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createRedactor, type Redactor, type SecretMarks } from './redact.ts';

export interface SideClientOptions extends SecretMarks {
  timeoutMs: number;
  maxBodyBytes: number;
  /** The run's rate (requests per second): these requests keep to it like every request of the run. */
  rate: number;
  /** Every attempt is logged here as it leaves, so the run's pace, count and budget include it. */
  attemptLog: string;
  /** The run's exchange log; absent = the exchanges are not recorded (the start-up probes). */
  exchangeLog?: string;
  throttle: { maxRetries: number; maxWaitMs: number };
}

/**
 * The client of the requests the CLI sends itself, around the tests (start-up probes, the --drift
 * fetch): bounded in time and size, paced with the run's earlier attempts, and redacted with the same
 * secret headers and parameters as the tests' exchanges.
 */
export function sideClient(options: SideClientOptions): { client: TargetClient; redact: Redactor; sent(): number } {
  const redact = createRedactor({ headers: options.headers, secretHeaders: options.secretHeaders ?? [], secretParams: options.secretParams ?? [] });
  const limiter = createRateLimiter(options.rate, readAttemptTimes(options.attemptLog));
  const log = options.exchangeLog;
  let sent = 0;
  const client = createClient({
    headers: options.headers,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
    throttle: options.throttle,
    redactAnswer: redact.answer,
    hooks: {
      async beforeSend() {
        await limiter.acquire();
        sent += 1;
        logAttempts(options.attemptLog, [Date.now()]);
      },
      onExchange: (exchange) => log && logExchange(log, redact.exchange(exchange)),
      onGiveUp: (entry) => log && logExchange(log, { ...entry, url: redact.text(entry.url), fault: redact.text(entry.fault) }),
    },
  });
  return { client, redact, sent: () => sent };
}
