// Stands in for one conformance worker in its own process: sends requests to a target through the
// client, with the run's limits either shared through the run's coordinator (as the suites do) or
// its own (as each worker would have without it). Says when it is ready, starts on a line on stdin
// and prints what it sent as one JSON line.
import { connectToCoordinator } from '../../src/harness/coordinator-client.ts';
import type { LockClaim } from '../../src/harness/named-locks.ts';
import { createClient } from '../../src/http/client.ts';
import { createRateLimiter } from '../../src/http/rate-limiter.ts';
import { BudgetExhausted, createRequestBudget } from '../../src/http/request-budget.ts';
import { TargetAbandoned, TargetFault } from '../../src/http/transport-faults.ts';
import { createTargetPacer } from '../../src/http/target-pacer.ts';

export interface WorkerJob {
  /** The run's coordinator, or none: the worker keeps its own budget, rate and pace, and takes no turns. */
  coordinator?: string;
  limits: { effectiveRate: number; effectiveMaxRequests: number; attemptLog?: string };
  target: string;
  requests: number;
  atOnce: number;
  /** How long after the go (a line on stdin, once every worker said it is ready) this worker starts. */
  delayMs: number;
  /** Each request is sent alone among those taking turns on a claim that meets this one. */
  alone?: LockClaim;
  /** Bound of one attempt (default 10 s). */
  timeoutMs?: number;
}

/** What a worker's requests came to: answers, and requests ended by an error, by the error's name. */
export interface WorkerOutcome {
  answered: number;
  stopped: Record<string, number>;
}

const job = JSON.parse(process.argv[2]!) as WorkerJob;
const limits = job.coordinator ? connectToCoordinator(job.coordinator, job.limits) : ownLimits();

function ownLimits() {
  const budget = createRequestBudget(job.limits.effectiveMaxRequests);
  const limiter = createRateLimiter(job.limits.effectiveRate);
  return {
    pacer: createTargetPacer(undefined, { trials: true }),
    async beforeSend() {
      budget.take();
      await limiter.acquire();
    },
    alone: <T>(_claim: LockClaim, body: () => Promise<T>) => body(),
  };
}

const client = createClient({ headers: {}, timeoutMs: job.timeoutMs ?? 10_000, throttle: { maxRetries: 4, maxWaitMs: 5_000 }, pacer: limits.pacer, hooks: { beforeSend: () => limits.beforeSend(), onExchange: () => undefined } });
process.stdout.write('ready\n');
await new Promise((r) => process.stdin.once('data', r));
await new Promise((r) => setTimeout(r, job.delayMs));
let next = 0;
const outcome: WorkerOutcome = { answered: 0, stopped: {} };
const lane = async () => {
  while (next < job.requests) {
    next += 1;
    const send = () => client.send({ method: 'GET', url: job.target, service: 'query' });
    try {
      await (job.alone ? limits.alone(job.alone, send) : send());
      outcome.answered += 1;
    } catch (error) {
      if (!(error instanceof BudgetExhausted || error instanceof TargetAbandoned || error instanceof TargetFault)) throw error;
      outcome.stopped[error.name] = (outcome.stopped[error.name] ?? 0) + 1;
    }
  }
};
await Promise.all(Array.from({ length: job.atOnce }, lane));
process.stdout.write(`${JSON.stringify(outcome)}\n`);
process.exit(0);
