// One place that fixes the execution rules: the Cancun hardfork (the EVM version the fixture
// contracts are compiled for) and a block environment derived from a fixture block number.
import { EVM, createEVM } from '@ethereumjs/evm';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { createZeroAddress } from '@ethereumjs/util';
import { BLOCK_SECONDS, GENESIS_SECONDS } from '../../fixtures/ledger/ledger-clock.ts';

/** The EVM version solc is told to target and the hardfork the interpreter runs. */
export const EVM_VERSION = 'cancun';

/** Gas limit of a fixture block; also the upper bound of one call's gas. */
export const BLOCK_GAS_LIMIT = 30_000_000n;

export interface FreshEvm {
  evm: EVM;
  stateManager: SimpleStateManager;
}

/** A new interpreter over `stateManager`, by default an empty state ready for accounts, code and storage to be put in. */
export async function createFreshEvm(stateManager = new SimpleStateManager()): Promise<FreshEvm> {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun });
  const evm = await createEVM({ common, stateManager });
  return { evm, stateManager };
}

/** The block context (NUMBER, TIMESTAMP, ...) the code sees when run "at" a fixture block. */
export function fixtureBlock(blockNumber: number) {
  const number = BigInt(blockNumber);
  return {
    header: {
      number,
      coinbase: createZeroAddress(),
      timestamp: GENESIS_SECONDS + number * BLOCK_SECONDS,
      difficulty: 0n,
      prevRandao: new Uint8Array(32),
      gasLimit: BLOCK_GAS_LIMIT,
      baseFeePerGas: 0n,
      getBlobGasPrice: () => 1n,
    },
  };
}
