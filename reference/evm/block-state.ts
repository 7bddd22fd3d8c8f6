// The contract state a fixture block sees: code and storage of every contract deployed by then.
// Calls and opcode traces both run over it, so calls between contracts see real state.
import { createAddressFromString, hexToBytes } from '@ethereumjs/util';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import type { ContractStore } from '../contract-store.ts';

/** The state of each block for the calls of one store, each call given a copy of its own. */
export interface ContractStates {
  store: ContractStore;
  at(blockNumber: number): Promise<SimpleStateManager>;
}

/** Blocks whose state is kept (each the deployed contracts' code and storage: a few kilobytes for the fixtures). */
const BLOCKS_KEPT = 64;

/**
 * For a store whose contracts no longer change (a running server's, or the ledger's while its calls
 * are recorded). Putting the code of every contract hashes it, most of a call's set-up, so a block's
 * state is built once; each call gets a copy with a level of its own on top (its accounts copied),
 * and nothing a call writes reaches another.
 */
export function contractStates(store: ContractStore): ContractStates {
  const built = new Map<number, Promise<SimpleStateManager>>();
  return {
    store,
    async at(blockNumber) {
      let base = built.get(blockNumber);
      if (!base) {
        base = loadStateAt(store, blockNumber);
        built.set(blockNumber, base);
        base.catch(() => built.delete(blockNumber));
        if (built.size > BLOCKS_KEPT) built.delete(built.keys().next().value!);
      }
      const own = (await base).shallowCopy() as SimpleStateManager;
      await own.checkpoint();
      return own;
    },
  };
}

async function loadStateAt(store: ContractStore, blockNumber: number): Promise<SimpleStateManager> {
  const stateManager = new SimpleStateManager();
  for (const deployment of await store.deployments()) {
    const code = await store.getCode(deployment.evmAddress, blockNumber);
    if (code === null) continue;
    const at = createAddressFromString(deployment.evmAddress);
    await stateManager.putCode(at, hexToBytes(code as `0x${string}`));
    for (const { slot, value } of await store.getStorage(deployment.evmAddress, blockNumber)) {
      await stateManager.putStorage(at, hexToBytes(slot as `0x${string}`), hexToBytes(value as `0x${string}`));
    }
  }
  return stateManager;
}
