import { Pool, request } from '../http/undici-parts.ts';
import { UNLIMITED_REQUESTS, type ResolvedConfig } from '../config/run-config.ts';
import { logAttempts } from '../http/attempt-log.ts';
import { leaveInSlot } from '../http/rate-limiter.ts';
import { BudgetExhausted } from '../http/request-budget.ts';
import type { TargetPacer } from '../http/target-pacer.ts';
import { TargetAbandoned } from '../http/transport-faults.ts';
import type { LockClaim } from './named-locks.ts';
import type { CoordinatorCall, CoordinatorRefusal, PaceReport } from './run-coordinator.ts';

/** A worker's handle on the run's shared limits (src/harness/run-coordinator.ts). */
export interface RunLimits {
  /** The run's pace per target: waits and give-ups decided run-wide. */
  pacer: TargetPacer;
  /** Before each attempt: takes it from the run's budget, waits for its slot in the run's rate, logs it. */
  beforeSend(): Promise<void>;
  /** Runs `body` while no other test of the run holds a claim that meets this one (src/harness/named-locks.ts). */
  alone<T>(claim: LockClaim, body: () => Promise<T>): Promise<T>;
}

// A run without a budget has UNLIMITED_REQUESTS less its probes: no run can spend it, so it needs no count.
const UNBOUNDED = UNLIMITED_REQUESTS / 2;

export function connectToCoordinator(url: string, config: Pick<ResolvedConfig, 'effectiveRate' | 'effectiveMaxRequests' | 'attemptLog'>): RunLimits {
  // Kept-alive connections: a call costs a loopback round trip. Calls that wait (a paced turn, a
  // lock) hold a connection each, so there are as many as requests a worker has in flight, and
  // their answers may take long (a turn comes after the tests before it): the tests' own time limits bound them.
  const pool = new Pool(url, { connections: 256, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 120_000, headersTimeout: 0 });
  const root = new URL('/', url).href;
  async function call(body: CoordinatorCall): Promise<unknown> {
    const res = await request(pool, root, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.body.text();
    if (res.statusCode === 204) return undefined;
    if (res.statusCode === 200) return JSON.parse(text);
    if (res.statusCode === 409) {
      const refusal = JSON.parse(text) as CoordinatorRefusal;
      throw refusal.refused === 'BudgetExhausted' ? new BudgetExhausted(refusal.message) : new TargetAbandoned(refusal.message);
    }
    throw new Error(`the run coordinator answered ${res.statusCode} to ${body.op}: ${text}`);
  }

  // Reports need no answer: those of one turn of the event loop go in one call. A target's next
  // wait follows the reports already made about it, so the pace it meets includes them.
  let queued: PaceReport[] = [];
  const inFlight = new Map<string, Promise<void>>();
  let lost: Error | undefined;
  const report = (r: PaceReport) => {
    if (queued.length === 0) setImmediate(flush);
    queued.push(r);
  };
  function flush() {
    if (queued.length === 0) return;
    const reports = queued;
    queued = [];
    const sent = call({ op: 'report', reports }).then(() => undefined, (error: Error) => {
      lost ??= error;
    });
    for (const { target } of reports) inFlight.set(target, sent);
    void sent.then(() => {
      for (const { target } of reports) if (inFlight.get(target) === sent) inFlight.delete(target);
    });
  }
  const rateLimited = Number.isFinite(config.effectiveRate) && config.effectiveRate > 0;
  const budgetCounted = config.effectiveMaxRequests <= UNBOUNDED;
  return {
    pacer: {
      async wait(target) {
        if (queued.some((r) => r.target === target)) flush();
        await inFlight.get(target);
        if (lost) throw lost;
        return ((await call({ op: 'wait', target })) as { ticket: number }).ticket;
      },
      throttled: (target, retryAfterMs) => report({ kind: 'throttled', target, retryAfterMs }),
      answered: (target, ticket) => report({ kind: 'answered', target, ticket }),
      faulted: (target, ticket, message) => report({ kind: 'faulted', target, ticket, message }),
      withdrawn: (target, ticket) => report({ kind: 'withdrawn', target, ticket }),
    },
    async beforeSend() {
      if (rateLimited) {
        let op: 'attempt' | 'slot' = 'attempt';
        await leaveInSlot(async () => {
          const { slot } = (await call({ op })) as { slot: number };
          op = 'slot';
          return slot;
        });
      } else if (budgetCounted) {
        // No rate: the slot is now, however late the answer comes.
        await call({ op: 'attempt' });
      }
      // Neither a budget nor a rate to keep (loopback by default): no call at all. Every attempt
      // (throttled ones too) is logged as it leaves, so the report's rate is the real one; appends
      // of one line from several processes do not interleave.
      if (config.attemptLog) logAttempts(config.attemptLog, [Date.now()]);
    },
    async alone(claim, body) {
      const { token } = (await call({ op: 'lock', claim })) as { token: number };
      try {
        return await body();
      } finally {
        await call({ op: 'unlock', token });
      }
    },
  };
}
