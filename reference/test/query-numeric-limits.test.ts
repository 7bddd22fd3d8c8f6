// Regression: numbers at the contract's limits never overflow into a server error. Seconds of 10
// digits with 9 fraction digits (2.1) exceed a 64-bit nanosecond count from 9223372036 s on; entity
// parts of 10 digits, and serial, block and sequence numbers of 19 digits and beyond, are answered
// with 200, 400 or 404 as the value deserves.
import { describe, expect, it } from 'vitest';
import { referenceForTests } from './reference-for-tests.ts';

const reference = referenceForTests();
const get = reference.get;

const MAX_SECONDS = '9999999999';
const MAX_TIMESTAMP = `${MAX_SECONDS}.999999999`;
const MAX_PART = '9999999999';

/** Every endpoint with a timestamp filter, and the operators it takes (the notes' sets). */
const TIMESTAMP_FILTERED: Array<[string, string[]]> = [
  ['/api/v1/transactions', ['', 'eq:', 'ne:', 'gt:', 'gte:', 'lt:', 'lte:']],
  ['/api/v1/accounts/0.0.1001', ['', 'gt:', 'lte:']],
  ['/api/v1/accounts/0.0.1001/rewards', ['', 'gt:', 'lte:']],
  ['/api/v1/blocks', ['', 'gt:', 'lte:']],
  ['/api/v1/contracts/results', ['', 'gt:', 'lte:']],
  ['/api/v1/contracts/logs', ['', 'gt:', 'lte:']],
  ['/api/v1/contracts/0.0.7001', ['', 'gt:', 'lte:']],
  ['/api/v1/contracts/0.0.7001/results', ['', 'gt:', 'lte:']],
  ['/api/v1/contracts/0.0.7001/results/logs', ['', 'gt:', 'lte:']],
  ['/api/v1/contracts/0.0.7001/state', ['', 'lt:', 'lte:']],
  ['/api/v1/network/supply', ['', 'gt:', 'lte:']],
  ['/api/v1/network/exchangerate', ['', 'gt:', 'lte:']],
  ['/api/v1/network/fees', ['', 'gt:', 'lte:']],
  ['/api/v1/tokens/balances', ['', 'lt:', 'lte:']],
  ['/api/v1/tokens/0.0.2003', ['', 'lt:', 'lte:']],
  ['/api/v1/tokens/0.0.2003/balances', ['', 'lt:', 'lte:']],
  ['/api/v1/tokens/0.0.2003/nfts/1/transactions', ['', 'gt:', 'lte:']],
  ['/api/v1/topics/0.0.3002/messages', ['', 'gt:', 'lte:']],
];

describe('timestamps of 10-digit seconds', () => {
  it('answers the reported request with 200 and no rows', async () => {
    expect(await get(`/api/v1/transactions?timestamp=${MAX_SECONDS}&order=asc&limit=25`)).toMatchObject({ status: 200, body: { transactions: [], links: { next: null } } });
  });

  it('filters with 200 on every endpoint that takes a timestamp, whichever operator', async () => {
    const failures: string[] = [];
    for (const [path, operators] of TIMESTAMP_FILTERED) {
      for (const op of operators) {
        for (const value of [MAX_SECONDS, MAX_TIMESTAMP, '9223372037.000000000']) {
          const { status } = await get(`${path}?timestamp=${op}${value}`);
          if (status !== 200) failures.push(`${path}?timestamp=${op}${value} -> ${status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('finds everything below the largest timestamp and nothing above it', async () => {
    expect((await get(`/api/v1/transactions?timestamp=lte:${MAX_TIMESTAMP}&limit=1`)).body.transactions).toHaveLength(1);
    expect((await get(`/api/v1/transactions?timestamp=gt:${MAX_TIMESTAMP}`)).body.transactions).toEqual([]);
    expect((await get(`/api/v1/topics/messages/${MAX_TIMESTAMP}`)).status).toBe(404);
    expect((await get(`/api/v1/contracts/0.0.7001/results/${MAX_TIMESTAMP}`)).status).toBe(404);
  });
});

describe('other numbers at and beyond their limits', () => {
  it('never answers 5xx for 10-digit entity parts, large serial, block, sequence, nonce and limit values', async () => {
    const big = ['9223372036854775807', '9223372036854775808', '99999999999999999999'];
    const paths = [
      `/api/v1/accounts/${MAX_PART}.${MAX_PART}.${MAX_PART}`, `/api/v1/schedules/0.0.${MAX_PART}`, `/api/v1/topics/0.0.${MAX_PART}`,
      `/api/v1/tokens/0.0.${MAX_PART}`, `/api/v1/transactions/0.0.${MAX_PART}-${MAX_SECONDS}-999999999`,
      `/api/v1/transactions?account.id=${MAX_PART}.${MAX_PART}.${MAX_PART}`, `/api/v1/schedules?schedule.id=gt:${MAX_PART}`,
      ...big.flatMap((n) => [
        `/api/v1/tokens/0.0.2003/nfts/${n}`, `/api/v1/tokens/0.0.2003/nfts?serialnumber=gte:${n}`, `/api/v1/blocks/${n}`,
        `/api/v1/blocks?block.number=lt:${n}`, `/api/v1/topics/0.0.3002/messages/${n}`, `/api/v1/topics/0.0.3002/messages?sequencenumber=gt:${n}`,
        `/api/v1/transactions?limit=${n}`, `/api/v1/transactions/0.0.1001-1700000000-0?nonce=${n}`, `/api/v1/accounts?account.balance=gt:${n}`,
      ]),
    ];
    const failures: string[] = [];
    for (const path of paths) {
      const { status, body } = await get(path);
      if (status >= 500 || (status >= 400 && !Array.isArray(body?._status?.messages))) failures.push(`${path} -> ${status}`);
    }
    expect(failures).toEqual([]);
  });
});
