import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { rememberCallOutcomes } from '../evm/call-outcome-memo.ts';
import { registerContractCallRoute } from '../evm/contract-call-route.ts';
import { createMemoryContractStore } from '../contract-store.ts';
import type { CallRequest } from '../evm/call-request.ts';
import type { CallOutcome } from '../evm/execute-call.ts';
import { FIXTURE_DEPLOYER, FIXTURE_SECOND_HOLDER, functionSelector, loadContractDeployments } from '../../fixtures/contracts/deployments.ts';

const base: CallRequest = {
  to: '0x0000000000000000000000000000000000001b59', from: null, block: { kind: 'latest' }, data: new Uint8Array([0x31, 0x3c, 0xe5, 0x67]),
  estimate: false, gas: 15_000_000n, gasPrice: 0n, value: 0n,
};

/** A stand-in for the EVM that counts its runs: each run answers a new outcome object. */
function countingRunner() {
  const runs: Array<[CallRequest, number]> = [];
  const run = async (call: CallRequest, blockNumber: number): Promise<CallOutcome> => {
    runs.push([call, blockNumber]);
    return { kind: 'success', returnData: new Uint8Array([runs.length]), gasUsed: 21_000n };
  };
  return { runs, run };
}

describe('remembered call outcomes', () => {
  it('runs an identical call once and answers each repeat with the first outcome', async () => {
    const { runs, run } = countingRunner();
    const remembered = rememberCallOutcomes(run);
    const outcomes = await Promise.all([remembered(base, 199), remembered({ ...base, data: new Uint8Array(base.data) }, 199), remembered(base, 199)]);
    expect(runs).toHaveLength(1);
    expect(new Set(outcomes).size).toBe(1);
  });

  it('runs again when any field the EVM reads differs: block, to, from, data, gas, gas price or value', async () => {
    const { runs, run } = countingRunner();
    const remembered = rememberCallOutcomes(run);
    await remembered(base, 199);
    const variants: Array<[CallRequest, number]> = [
      [base, 198],
      [{ ...base, to: '0x0000000000000000000000000000000000001b5a' }, 199],
      [{ ...base, from: FIXTURE_DEPLOYER }, 199],
      [{ ...base, data: new Uint8Array([0x31, 0x3c, 0xe5, 0x68]) }, 199],
      [{ ...base, gas: 30_000n }, 199],
      [{ ...base, gasPrice: 1n }, 199],
      [{ ...base, value: 1n }, 199],
    ];
    for (const [call, block] of variants) await remembered(call, block);
    expect(runs).toHaveLength(1 + variants.length);
  });

  it('shares the outcome between a call and its estimate, and between a block tag and the number it resolved to', async () => {
    const { runs, run } = countingRunner();
    const remembered = rememberCallOutcomes(run);
    await remembered(base, 199);
    await remembered({ ...base, estimate: true }, 199);
    await remembered({ ...base, block: { kind: 'number', number: 199n } }, 199);
    expect(runs).toHaveLength(1);
  });

  it('does not remember a call that threw: the same call runs again', async () => {
    let attempts = 0;
    const remembered = rememberCallOutcomes(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('the store could not be read');
      return { kind: 'no-contract' };
    });
    await expect(remembered(base, 199)).rejects.toThrow('the store could not be read');
    await expect(remembered(base, 199)).resolves.toEqual({ kind: 'no-contract' });
    expect(attempts).toBe(2);
  });

  it('keeps at most 1000 outcomes: the oldest runs again once it has been let go', async () => {
    const { runs, run } = countingRunner();
    const remembered = rememberCallOutcomes(run);
    for (let block = 0; block <= 1000; block++) await remembered(base, block);
    await remembered(base, 1000);
    expect(runs).toHaveLength(1001);
    await remembered(base, 0);
    expect(runs).toHaveLength(1002);
  });
});

describe('the contract call route over remembered outcomes', () => {
  const deployments = loadContractDeployments();
  const token = deployments.find((d) => d.name === 'FixtureToken')!.evmAddress;
  const word = (value: bigint | string) => (typeof value === 'bigint' ? value.toString(16) : value.replace(/^0x/, '')).padStart(64, '0');
  let app: FastifyInstance;
  let baseUrl: string;

  const call = async (body: Record<string, unknown>) => {
    const response = await fetch(`${baseUrl}/api/v1/contracts/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  beforeAll(async () => {
    app = Fastify();
    await registerContractCallRoute(app, { store: createMemoryContractStore(deployments, 199) });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers repeats as the first time, and tells apart calls that differ only in from, value or gas', async () => {
    // More than the second holder has (2,500 tokens of 8 decimals), less than the deployer's balance.
    const transfer = { to: token, data: functionSelector('FixtureToken', 'transfer(address,uint256)') + word(FIXTURE_DEPLOYER) + word(10_000n * 10n ** 8n) };
    const decimals = { to: token, data: functionSelector('FixtureToken', 'decimals()') };
    const bodies = [
      { ...transfer, from: FIXTURE_DEPLOYER },
      { ...transfer, from: FIXTURE_SECOND_HOLDER },
      decimals,
      { ...decimals, value: 1 },
      { ...decimals, gas: 21_100 },
    ];
    const first = [];
    for (const body of bodies) first.push(await call(body));
    expect(first.map((a) => a.status)).toEqual([200, 400, 200, 400, 400]);
    expect(first[0].body).toEqual({ result: `0x${word(1n)}` });
    const again = [];
    for (const body of [...bodies].reverse()) again.push(await call(body));
    expect(again.reverse()).toEqual(first);
  });
});
