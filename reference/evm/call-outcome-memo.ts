// A running server's contract state never changes, so a call's outcome is a function of its fields
// and its block: repeated calls are answered from memory instead of running the EVM again (a
// ledger run sent 279 calls, 55 of them distinct; each run builds an interpreter, most of its cost).
import type { CallRequest } from './call-request.ts';
import type { CallOutcome } from './execute-call.ts';
import { promiseMemo } from '../promise-memo.ts';

/** Outcomes kept (each a few hundred bytes of return data at most for the fixtures); the oldest goes first. */
const MAX_ENTRIES = 1000;

export type CallRunner = (call: CallRequest, blockNumber: number) => Promise<CallOutcome>;

/** Every field the EVM run reads; the block tag is left out for the number it resolved to, `estimate` because only the answer's form depends on it. */
function keyOf(call: CallRequest, blockNumber: number): string {
  return [blockNumber, call.to, call.from ?? '', Buffer.from(call.data).toString('hex'), call.gas, call.gasPrice, call.value].join(' ');
}

/**
 * `run`, with each outcome remembered by the call's fields and block. Outcomes are shared between
 * answers: their bytes are read, never changed. A call that throws is not remembered.
 */
export function rememberCallOutcomes(run: CallRunner): CallRunner {
  const outcomes = promiseMemo<CallOutcome>(MAX_ENTRIES);
  return (call, blockNumber) => outcomes.get(keyOf(call, blockNumber), () => run(call, blockNumber));
}
