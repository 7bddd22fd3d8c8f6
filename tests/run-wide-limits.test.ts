// The conformance files run in several workers (vitest.config.ts): the run's budget, rate, pacing
// and the turns of verify tests must hold across them. Worker processes (tests/support/limits-worker.ts)
// send to a loopback target through the client, with the limits shared by a real run coordinator,
// and, to show each measure can fail, with limits of their own.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRunCoordinator, type RunCoordinator } from '../src/harness/run-coordinator.ts';
import { ROOT, tempDir } from './production/cli-helpers.ts';
import { FAULTS_BEFORE_ABANDON } from '../src/http/target-pacer.ts';
import type { WorkerJob, WorkerOutcome } from './support/limits-worker.ts';
import { busiestSecond } from './support/busiest-second.ts';
import { compiledScript } from './support/compiled-script.ts';

const WORKERS = 3;
const UNLIMITED = { effectiveRate: Infinity, effectiveMaxRequests: Number.MAX_SAFE_INTEGER };

interface Target {
  url: string;
  arrivals: number[];
  /** Arrival time of each 429 the target answered. */
  throttledAt: number[];
  mostInFlight: number;
  close(): Promise<void>;
}

/** A loopback target that answers after `holdMs` (never if Infinity), records arrivals and requests in flight, and throttles the first `throttleFirst` requests. */
async function startTarget(holdMs: number, throttleFirst = 0): Promise<Target> {
  let inFlight = 0;
  const server: Server = createServer((req, res) => {
    const at = Date.now();
    target.arrivals.push(at);
    if (target.arrivals.length <= throttleFirst) {
      target.throttledAt.push(at);
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
      res.end('{"message":"slow down"}');
      return;
    }
    inFlight += 1;
    target.mostInFlight = Math.max(target.mostInFlight, inFlight);
    if (holdMs === Infinity) return void res.on('close', () => (inFlight -= 1));
    setTimeout(() => {
      inFlight -= 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    }, holdMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const target: Target = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/transactions`,
    arrivals: [],
    throttledAt: [],
    mostInFlight: 0,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return target;
}

/** Worker processes with the jobs `job(i)`: started once every one of them is ready. */
async function runWorkers(job: (i: number) => WorkerJob): Promise<WorkerOutcome[]> {
  const script = await compiledScript('tests/support/limits-worker.ts');
  const children = Array.from({ length: WORKERS }, (_, i) => spawn(process.execPath, [script, JSON.stringify(job(i))], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] }));
  const outputs = children.map(() => ({ out: '', err: '' }));
  const ready = children.map((child, i) => new Promise<void>((resolve) => child.stdout.on('data', (c: Buffer) => {
    outputs[i]!.out += c.toString();
    if (outputs[i]!.out.startsWith('ready\n')) resolve();
  })));
  const done = children.map((child, i) => new Promise<WorkerOutcome>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => (outputs[i]!.err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(outputs[i]!.out.slice('ready\n'.length)) as WorkerOutcome);
      else reject(new Error(`worker exited ${code}: ${outputs[i]!.err.slice(0, 2000)}`));
    });
  }));
  await Promise.race([Promise.all(ready), Promise.all(done)]);
  for (const child of children) child.stdin.end('go\n');
  return Promise.all(done);
}

describe('the run-wide limits across worker processes', () => {
  const open: Array<Target | RunCoordinator> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((o) => o.close()));
  });

  it('keeps the request budget and the rate of the run, not of each worker', async () => {
    const BUDGET = 24;
    const RATE = 8;
    const limits = { effectiveRate: RATE, effectiveMaxRequests: BUDGET, attemptLog: join(tempDir('run-wide'), 'attempts.log') };
    const target = await startTarget(5);
    const coordinator = await startRunCoordinator(limits);
    open.push(target, coordinator);
    const shared = await runWorkers(() => ({ coordinator: coordinator.url, limits, target: target.url, requests: 16, atOnce: 4, delayMs: 0 }));
    expect(target.arrivals).toHaveLength(BUDGET);
    expect(shared.reduce((n, w) => n + w.answered, 0)).toBe(BUDGET);
    expect(shared.reduce((n, w) => n + (w.stopped.BudgetExhausted ?? 0), 0)).toBe(WORKERS * 16 - BUDGET);
    expect(busiestSecond(target.arrivals)).toBeLessThanOrEqual(RATE);
    expect(readFileSync(limits.attemptLog, 'utf8').trim().split('\n')).toHaveLength(BUDGET);

    // Limits of their own: each worker spends the whole budget, at the whole rate.
    const alone = await startTarget(5);
    open.push(alone);
    await runWorkers(() => ({ limits: { effectiveRate: RATE, effectiveMaxRequests: BUDGET }, target: alone.url, requests: 16, atOnce: 4, delayMs: 0 }));
    expect(alone.arrivals.length).toBeGreaterThan(BUDGET);
    expect(busiestSecond(alone.arrivals)).toBeGreaterThan(RATE);
  }, 60_000);

  it('lets one test at a time take its turn, whichever worker runs it', async () => {
    // One request at a time in each worker: two in flight can only come from two workers.
    const target = await startTarget(100);
    const coordinator = await startRunCoordinator(UNLIMITED);
    open.push(target, coordinator);
    await runWorkers(() => ({ coordinator: coordinator.url, limits: UNLIMITED, target: target.url, requests: 4, atOnce: 1, delayMs: 0, alone: { name: 'interface verify' } }));
    expect(target.arrivals).toHaveLength(WORKERS * 4);
    expect(target.mostInFlight).toBe(1);

    // Claims on addresses apart run side by side: the keys reach the coordinator (which claims meet
    // is tests/named-locks.test.ts's).
    const apartKeys = await startTarget(100);
    open.push(apartKeys);
    await runWorkers((i) => ({ coordinator: coordinator.url, limits: UNLIMITED, target: apartKeys.url, requests: 4, atOnce: 1, delayMs: 0, alone: { name: 'interface verify', keys: [`296/0x${i}`] } }));
    expect(apartKeys.mostInFlight).toBeGreaterThan(1);

    const apart = await startTarget(100);
    open.push(apart);
    await runWorkers(() => ({ limits: UNLIMITED, target: apart.url, requests: 4, atOnce: 1, delayMs: 0, alone: { name: 'interface verify' } }));
    expect(apart.mostInFlight).toBeGreaterThan(1);
  }, 60_000);

  it('pauses every worker on a target that answered 429, for the time it asked', async () => {
    const target = await startTarget(5, 1);
    const coordinator = await startRunCoordinator(UNLIMITED);
    open.push(target, coordinator);
    // The first worker meets the 429; the others start 300 ms later, inside the pause it asked for.
    await runWorkers((i) => ({ coordinator: coordinator.url, limits: UNLIMITED, target: target.url, requests: i === 0 ? 1 : 3, atOnce: 1, delayMs: i === 0 ? 0 : 300 }));
    const [throttled] = target.throttledAt;
    expect(target.arrivals).toHaveLength(1 + 1 + 2 * 3);
    // One second asked for (Retry-After: 1); a few milliseconds of slack for timers.
    expect(Math.min(...target.arrivals.filter((t) => t !== throttled)) - throttled!).toBeGreaterThanOrEqual(990);

    const apart = await startTarget(5, 1);
    open.push(apart);
    await runWorkers((i) => ({ limits: UNLIMITED, target: apart.url, requests: i === 0 ? 1 : 3, atOnce: 1, delayMs: i === 0 ? 0 : 300 }));
    expect(Math.min(...apart.arrivals.filter((t) => t !== apart.throttledAt[0])) - apart.throttledAt[0]!).toBeLessThan(990);
  }, 60_000);

  it('sends a target that never answered one attempt at a time, from every worker, until the run gives it up', async () => {
    const target = await startTarget(Infinity);
    const coordinator = await startRunCoordinator(UNLIMITED);
    open.push(target, coordinator);
    const outcomes = await runWorkers(() => ({ coordinator: coordinator.url, limits: UNLIMITED, target: target.url, requests: 4, atOnce: 4, delayMs: 0, timeoutMs: 300 }));
    expect(target.mostInFlight).toBe(1);
    expect(target.arrivals).toHaveLength(FAULTS_BEFORE_ABANDON);
    expect(outcomes.reduce((n, w) => n + w.answered, 0)).toBe(0);

    // Pacers of their own: every worker's requests go at once.
    const apart = await startTarget(Infinity);
    open.push(apart);
    await runWorkers(() => ({ limits: UNLIMITED, target: apart.url, requests: 4, atOnce: 4, delayMs: 0, timeoutMs: 300 }));
    expect(apart.mostInFlight).toBeGreaterThan(1);
  }, 60_000);
});
