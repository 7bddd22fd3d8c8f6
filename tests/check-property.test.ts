import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRule, RuleViolation } from '../src/checks/rule-violation.ts';
import { checkProperty } from '../src/harness/check-property.ts';
import type { Check } from '../src/harness/rule-test.ts';
import { createClient } from '../src/http/client.ts';

// A target that answers after 30 ms and refuses every n above 700: the fault a property must find.
let server: Server;
let url: string;
let inFlight = 0;
let mostInFlight = 0;
const arrived: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('n'));
    arrived.push(n);
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    setTimeout(() => {
      inFlight -= 1;
      res.writeHead(n > 700 ? 400 : 200, { 'content-type': 'application/json' }).end('{}');
    }, 30);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const client = createClient({ headers: {}, timeoutMs: 5_000, throttle: { maxRetries: 0, maxWaitMs: 0 }, hooks: { beforeSend: async () => {}, onExchange: () => {} } });
const check = (casesAtOnce: number, seed: number) => ({ config: { seed, depth: 30 }, casesAtOnce }) as unknown as Check;

/** Sends each case and judges its answer: n up to 1000, only those up to 700 must be taken. */
async function runProperty(t: Check): Promise<{ error: unknown; sent: number[] }> {
  arrived.length = 0;
  mostInFlight = 0;
  const error = await checkProperty(t, fc.integer({ min: 0, max: 1000 }), async (n) => {
    const exchange = await client.send({ method: 'GET', url: `${url}/?n=${n}` });
    expectRule('LQ-4.1-limit-range', exchange.status === 200, `n=${n} answered ${exchange.status}`, exchange);
  }).catch((e: unknown) => e);
  return { error, sent: [...arrived] };
}

describe('checkProperty sends independent cases together and reports as a sequential run would', () => {
  it('sends every case of a holding property, several at once, exactly the inputs fc.check would', async () => {
    const t = check(4, 7);
    const inputs: number[] = [];
    await fc.check(fc.asyncProperty(fc.integer({ min: 0, max: 700 }), async (n) => void inputs.push(n)), { seed: 7, numRuns: 30 });
    arrived.length = 0;
    mostInFlight = 0;
    await checkProperty(t, fc.integer({ min: 0, max: 700 }), async (n) => {
      const exchange = await client.send({ method: 'GET', url: `${url}/?n=${n}` });
      expectRule('LQ-4.1-limit-range', exchange.status === 200, `n=${n} answered ${exchange.status}`, exchange);
    });
    expect([...arrived].sort((a, b) => a - b)).toEqual([...inputs].sort((a, b) => a - b));
    expect(mostInFlight).toBe(4);
  });

  it('finds the same failure and shrinks it to the same counterexample with 4 cases at once as with 1', async () => {
    for (const seed of [1, 2, 3]) {
      const together = await runProperty(check(4, seed));
      const alone = await runProperty(check(1, seed));
      expect(together.error).toBeInstanceOf(RuleViolation);
      expect(alone.error).toBeInstanceOf(RuleViolation);
      // Shrunk to the boundary, with the same replay path as the sequential run.
      expect((together.error as RuleViolation).detail).toContain('counterexample [701]');
      expect((together.error as RuleViolation).detail.split('\n').slice(1)).toEqual((alone.error as RuleViolation).detail.split('\n').slice(1));
    }
  });

  it('sends every named example each run, before the drawn cases, and reports a failed one as it is, unshrunk', async () => {
    const judge = async (n: number) => {
      const exchange = await client.send({ method: 'GET', url: `${url}/?n=${n}` });
      expectRule('LQ-4.1-limit-range', exchange.status === 200, `n=${n} answered ${exchange.status}`, exchange);
    };
    // Drawn from 0-700 the property holds on every seed: only the named 950 can show the fault.
    arrived.length = 0;
    const error = await checkProperty(check(4, 5), fc.integer({ min: 0, max: 700 }), judge, { examples: [3, 950, 12] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuleViolation);
    expect((error as RuleViolation).detail).toBe('n=950 answered 400\nnamed example 2 of 3: 950');
    expect([...arrived].sort((a, b) => a - b)).toEqual([3, 12, 950]);
    arrived.length = 0;
    await checkProperty(check(4, 5), fc.integer({ min: 0, max: 700 }), judge, { examples: [3, 12], runs: 5 });
    expect(arrived.slice(0, 2).sort((a, b) => a - b)).toEqual([3, 12]);
    expect(arrived).toHaveLength(7);
  });

  it('refuses a check that allows no case in flight, rather than sending nothing', async () => {
    await expect(checkProperty(check(0, 1), fc.nat(), async () => {})).rejects.toThrow(RangeError);
  });
});
