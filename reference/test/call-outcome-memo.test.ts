// The route's answers over remembered outcomes are tested with the real EVM in evm-contract-call.test.ts.
import { describe, expect, it } from 'vitest';
import { rememberCallOutcomes } from '../evm/call-outcome-memo.ts';
import type { CallRequest } from '../evm/call-request.ts';
import type { CallOutcome } from '../evm/execute-call.ts';
import { FIXTURE_DEPLOYER } from '../../fixtures/contracts/deployments.ts';

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
