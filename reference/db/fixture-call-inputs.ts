// Call data for the ledger's CONTRACTCALL transactions: every read-only function of a fixture
// contract whose arguments are plain words (uint256, address), with a few argument choices.
import type { ContractDeployment } from '../contract-store.ts';
import { keccak_256 } from '@noble/hashes/sha3.js';

interface AbiFunction { type: string; name: string; stateMutability?: string; inputs: Array<{ type: string }> }

function selector(fn: AbiFunction): string {
  return Buffer.from(keccak_256(Buffer.from(`${fn.name}(${fn.inputs.map((i) => i.type).join(',')})`))).subarray(0, 4).toString('hex');
}

function word(type: string, choice: number, deployer: string): string {
  if (type === 'address') return deployer.slice(2).padStart(64, '0');
  return [1n, 7n, 6_000n][choice % 3]!.toString(16).padStart(64, '0');
}

export function fixtureCallInputs(deployments: readonly ContractDeployment[], deployerAddress: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const deployment of deployments) {
    const inputs: string[] = [];
    for (const fn of deployment.abi as AbiFunction[]) {
      if (fn.type !== 'function' || !['view', 'pure'].includes(fn.stateMutability ?? '')) continue;
      if (!fn.inputs.every((i) => i.type === 'uint256' || i.type === 'address')) continue;
      const variants = fn.inputs.length === 0 ? 1 : 3;
      for (let choice = 0; choice < variants; choice++) {
        inputs.push(`0x${selector(fn)}${fn.inputs.map((i) => word(i.type, choice, deployerAddress)).join('')}`);
      }
    }
    out.set(deployment.entityNum, inputs);
  }
  return out;
}
