// Opcode traces of recorded contract calls, produced the way the real service does: by executing
// the transaction again in the EVM at its block, over the stored contract state, and recording
// every step (pc, opcode, gas, and optionally stack, memory and touched storage).
import { createAddressFromString, createZeroAddress, hexToBytes, bytesToHex, setLengthLeft, bigIntToBytes } from '@ethereumjs/util';
import { createFreshEvm, fixtureBlock } from '../evm/evm-environment.ts';
import { intrinsicGas } from '../evm/intrinsic-gas.ts';
import type { ContractStates } from '../evm/block-state.ts';
import type { JsonValue } from './json-body.ts';

export interface TraceRequest {
  to: string | null;
  from: string;
  input: string;
  gasLimit: bigint;
  value: bigint;
  blockNumber: number;
  options: { stack: boolean; memory: boolean; storage: boolean };
}

export interface Trace {
  failed: boolean;
  gasUsed: bigint;
  returnValue: string;
  opcodes: JsonValue[];
}

const word = (value: bigint) => Buffer.from(setLengthLeft(bigIntToBytes(value), 32)).toString('hex');

export async function traceCall(states: ContractStates, request: TraceRequest): Promise<Trace> {
  const { evm, stateManager } = await createFreshEvm(await states.at(request.blockNumber));
  const opcodes: JsonValue[] = [];
  const touched = new Map<string, string>();
  evm.events!.on('step', async (step, resolve) => {
    const top = step.stack[step.stack.length - 1];
    if (request.options.storage && top !== undefined && (step.opcode.name === 'SLOAD' || step.opcode.name === 'SSTORE')) {
      const key = setLengthLeft(bigIntToBytes(top), 32);
      const value = step.opcode.name === 'SSTORE' ? setLengthLeft(bigIntToBytes(step.stack[step.stack.length - 2] ?? 0n), 32) : setLengthLeft(await stateManager.getStorage(step.address, key), 32);
      touched.set(Buffer.from(key).toString('hex'), Buffer.from(value).toString('hex'));
    }
    opcodes.push({
      depth: step.depth,
      gas: Number(step.gasLeft),
      gas_cost: step.opcode.fee + Number(step.opcode.dynamicFee ?? 0n),
      memory: request.options.memory ? Array.from({ length: Math.ceil(step.memory.length / 32) }, (_, i) => Buffer.from(step.memory.subarray(i * 32, i * 32 + 32)).toString('hex').padEnd(64, '0')) : [],
      op: step.opcode.name,
      pc: step.pc,
      reason: null,
      stack: request.options.stack ? step.stack.map(word) : [],
      storage: request.options.storage ? Object.fromEntries(touched) : {},
    });
    resolve?.();
  });
  const caller = request.from ? createAddressFromString(request.from) : createZeroAddress();
  const data = hexToBytes(request.input as `0x${string}`);
  // Like the recorded gas, the reported gas includes the intrinsic cost of the transaction.
  const baseGas = intrinsicGas(data, request.to === null);
  const result = await evm.runCall({
    ...(request.to ? { to: createAddressFromString(request.to) } : {}),
    caller, origin: caller, data, gasLimit: request.gasLimit > baseGas ? request.gasLimit - baseGas : 0n, value: request.value,
    skipBalance: true, block: fixtureBlock(request.blockNumber),
  });
  const failed = result.execResult.exceptionError !== undefined;
  return { failed, gasUsed: baseGas + result.execResult.executionGasUsed, returnValue: bytesToHex(result.execResult.returnValue), opcodes };
}
