// The public behaviour's deviation 9 (503 on timestamps of 9223372037 seconds and more) comes after
// validation, as on the real service: a huge timestamp with a bad operator or another invalid
// parameter keeps the 400 the contract asks for; only a request the reference answers 200 gets 503.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.ts';

let publicLike: ReferenceServer;
let clean: ReferenceServer;

beforeAll(async () => {
  [publicLike, clean] = await Promise.all([startReferenceServer({ behaviour: 'public' }), startReferenceServer()]);
});
afterAll(async () => Promise.all([publicLike?.close(), clean?.close()]));

async function statusOf(server: ReferenceServer, query: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/v1/transactions?${query}`);
  await response.arrayBuffer();
  return response.status;
}

describe('public behaviour: 503 on huge timestamps only once the request is valid', () => {
  it('answers 503 to a well-formed huge timestamp and 400 to one with an invalid operator or beside an invalid limit', async () => {
    expect(await statusOf(publicLike, 'timestamp=gte:9223372037')).toBe(503);
    expect(await statusOf(publicLike, 'timestamp=9999999999.999999999')).toBe(503);
    expect(await statusOf(publicLike, 'timestamp=xx:9223372037')).toBe(400);
    expect(await statusOf(publicLike, 'timestamp=gte:9223372037&limit=0')).toBe(400);
    expect(await statusOf(publicLike, 'timestamp=lt:9223372036')).toBe(200);
  });

  it('over random operators (valid, mistyped, empty) and huge seconds, answers 503 exactly where the clean reference answers 200, else as it does', async () => {
    const operator = fc.oneof(fc.constantFrom('', 'eq:', 'gt:', 'gte:', 'lt:', 'lte:', 'ne:'), fc.stringMatching(/^[a-zA-Z]{0,4}:$/));
    const seconds = fc.bigInt({ min: 9_223_372_037n, max: 9_999_999_999n });
    const fraction = fc.option(fc.stringMatching(/^\.\d{1,9}$/), { nil: '' });
    // limit=101 is left out: deviation 1 accepts it on the public service, so there it is valid.
    const limit = fc.option(fc.constantFrom('1', '25', '0', 'abc'), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(operator, seconds, fraction, limit, async (op, s, frac, lim) => {
        const query = `timestamp=${encodeURIComponent(`${op}${s}${frac}`)}${lim === undefined ? '' : `&limit=${lim}`}`;
        const [expected, got] = await Promise.all([statusOf(clean, query), statusOf(publicLike, query)]);
        expect(got, query).toBe(expected === 200 ? 503 : expected);
      }),
      { numRuns: 40, seed: 20261124 },
    );
  });
});
