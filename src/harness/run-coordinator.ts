import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BudgetExhausted } from '../http/request-budget.ts';
import { TargetAbandoned } from '../http/transport-faults.ts';
import type { LockClaim } from './named-locks.ts';
import { createRunLimitKeepers, type LimitsConfig } from './run-limit-keepers.ts';

/** What happened to one attempt, told to the run's pacer after the answer (or the fault). */
export type PaceReport =
  | { kind: 'answered'; target: string; ticket: number }
  | { kind: 'throttled'; target: string; retryAfterMs: number }
  | { kind: 'faulted'; target: string; ticket: number; message: string }
  | { kind: 'withdrawn'; target: string; ticket: number };

/**
 * The calls a test worker makes; each is answered once it is done (a paced turn or a lock: once it
 * is the caller's). `attempt` takes a request from the budget and a slot from the rate, `slot` a
 * new slot for a request that missed its own; both answer the slot's time.
 */
export type CoordinatorCall =
  | { op: 'attempt' }
  | { op: 'slot' }
  | { op: 'wait'; target: string }
  | { op: 'report'; reports: PaceReport[] }
  | { op: 'lock'; claim: LockClaim }
  | { op: 'unlock'; token: number };

/** A refusal travels back as its error's name and message, so the worker throws the same error. */
export interface CoordinatorRefusal {
  refused: 'BudgetExhausted' | 'TargetAbandoned';
  message: string;
}

export interface RunCoordinator {
  url: string;
  close(): Promise<void>;
}

/**
 * The run's shared limits, in vitest's main process: the conformance files run in several workers,
 * and the request budget, the rate, each target's pace (with the fault log) and the turns of
 * tests that must run alone are the run's, not a worker's. Workers call it over loopback HTTP
 * (src/harness/coordinator-client.ts) and wait for their rate slots themselves: this process is
 * busy too (it serves the workers their modules), and a slot kept by its timers could come late.
 */
export async function startRunCoordinator(config: LimitsConfig): Promise<RunCoordinator> {
  const { limiter, budget, pacer, locks } = createRunLimitKeepers(config);

  async function answer(call: CoordinatorCall): Promise<{ slot: number } | { ticket: number } | { token: number } | void> {
    switch (call.op) {
      case 'attempt':
        budget.take();
        return { slot: limiter.reserve() };
      case 'slot':
        return { slot: limiter.reserve() };
      case 'wait':
        return { ticket: await pacer.wait(call.target) };
      case 'report':
        for (const r of call.reports) {
          if (r.kind === 'answered') pacer.answered(r.target, r.ticket);
          else if (r.kind === 'throttled') pacer.throttled(r.target, r.retryAfterMs);
          else if (r.kind === 'faulted') pacer.faulted(r.target, r.ticket, r.message);
          else pacer.withdrawn(r.target, r.ticket);
        }
        return;
      case 'lock':
        return { token: await locks.acquire(call.claim) };
      case 'unlock':
        return locks.release(call.token);
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status: number, body?: object) => {
        res.writeHead(status, body ? { 'content-type': 'application/json' } : {});
        res.end(body ? JSON.stringify(body) : undefined);
      };
      (async () => answer(JSON.parse(Buffer.concat(chunks).toString('utf8')) as CoordinatorCall))().then(
        (result) => (result ? reply(200, result) : reply(204)),
        (error: Error) => {
          if (error instanceof BudgetExhausted || error instanceof TargetAbandoned) reply(409, { refused: error.name as CoordinatorRefusal['refused'], message: error.message });
          else reply(500, { error: `${error.name}: ${error.message}` });
        },
      );
    });
  });
  // Workers keep their connections for the whole run; a lock or a paced turn may be waited on long.
  server.keepAliveTimeout = 120_000;
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
