// Runs one read-only call against the stored contract state at a block, like eth_call: a fresh
// interpreter over a copy of every contract deployed at that block (code and storage), so calls
// between contracts see real state; nothing is written back.
import { EVMError } from '@ethereumjs/evm';
import { createAddressFromString, createZeroAddress, hexToBytes } from '@ethereumjs/util';
import { createFreshEvm, fixtureBlock } from './evm-environment.ts';
import { intrinsicGas } from './intrinsic-gas.ts';
import type { ContractStates } from './block-state.ts';
import { DEFAULT_CALL_GAS, type CallRequest } from './call-request.ts';

/**
 * Like an RPC gas cap, a call never gets more than the default gas of 15,000,000: it bounds the
 * work one request can cause (about a second of interpretation at worst).
 */
const CALL_GAS_CAP = DEFAULT_CALL_GAS;

export type CallOutcome =
  | { kind: 'success'; returnData: Uint8Array; gasUsed: bigint }
  | { kind: 'revert'; revertData: Uint8Array }
  | { kind: 'insufficient-gas'; needed?: bigint }
  | { kind: 'execution-failure'; reason: string }
  | { kind: 'no-contract' };

export async function executeCall(states: ContractStates, request: CallRequest, blockNumber: number): Promise<CallOutcome> {
  const code = await states.store.getCode(request.to, blockNumber);
  if (code === null || code === '0x') return { kind: 'no-contract' };

  const { evm, stateManager } = await createFreshEvm(await states.at(blockNumber));
  const target = createAddressFromString(request.to);
  // A store may know code at an address that is not among its deployments list.
  if ((await stateManager.getCodeSize(target)) === 0) {
    await stateManager.putCode(target, hexToBytes(code as `0x${string}`));
  }

  const baseGas = intrinsicGas(request.data);
  if (request.gas < baseGas) return { kind: 'insufficient-gas', needed: baseGas };
  const gasLimit = (request.gas < CALL_GAS_CAP ? request.gas : CALL_GAS_CAP) - baseGas;
  const caller = request.from === null ? createZeroAddress() : createAddressFromString(request.from);

  const result = await evm.runCall({
    to: target,
    caller,
    origin: caller,
    data: request.data,
    gasLimit,
    gasPrice: request.gasPrice,
    value: request.value,
    skipBalance: true,
    block: fixtureBlock(blockNumber),
  });
  const exec = result.execResult;
  const error = exec.exceptionError;
  if (!error) return { kind: 'success', returnData: exec.returnValue, gasUsed: baseGas + exec.executionGasUsed };
  if (error.error === EVMError.errorMessages.REVERT) return { kind: 'revert', revertData: exec.returnValue };
  if (error.error === EVMError.errorMessages.OUT_OF_GAS) return { kind: 'insufficient-gas' };
  return { kind: 'execution-failure', reason: error.error };
}
