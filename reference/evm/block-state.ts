// The contract state a fixture block sees, put into a fresh interpreter: code and storage of every
// contract deployed by then. Calls and opcode traces both run over it, so calls between contracts
// see real state.
import { createAddressFromString, hexToBytes } from '@ethereumjs/util';
import type { SimpleStateManager } from '@ethereumjs/statemanager';
import type { ContractStore } from '../contract-store.ts';

export async function loadStateAt(store: ContractStore, blockNumber: number, stateManager: SimpleStateManager): Promise<void> {
  for (const deployment of await store.deployments()) {
    const code = await store.getCode(deployment.evmAddress, blockNumber);
    if (code === null) continue;
    const at = createAddressFromString(deployment.evmAddress);
    await stateManager.putCode(at, hexToBytes(code as `0x${string}`));
    for (const { slot, value } of await store.getStorage(deployment.evmAddress, blockNumber)) {
      await stateManager.putStorage(at, hexToBytes(slot as `0x${string}`), hexToBytes(value as `0x${string}`));
    }
  }
}
