// The outcome of the ledger's calls to fixture contracts, computed by running each call in the
// reference EVM against the stored contract state at its block: results, actions and the
// transaction outcome then agree with what the contract code really does.
import type { PGlite } from '@electric-sql/pglite';
import { bytesToHex } from '@ethereumjs/util';
import type { ContractStore } from '../contract-store.ts';
import type { ContractCallIntent } from '../../fixtures/ledger/generate-activity.ts';
import type { ContractActionRecord, ContractResultRecord } from '../../fixtures/ledger/ledger-model.ts';
import { EMPTY_BLOOM } from '../../fixtures/ledger/evm-bloom.ts';
import { executeCall } from '../evm/execute-call.ts';
import { contractStates } from '../evm/block-state.ts';
import { hexTextToBytes } from '../evm/call-request.ts';
import { insertContractRecords } from './load-ledger.ts';

export async function recordContractCalls(db: PGlite, store: ContractStore, intents: readonly ContractCallIntent[]): Promise<void> {
  const results: ContractResultRecord[] = [];
  const actions: ContractActionRecord[] = [];
  // The contracts' code and storage do not change while the calls are recorded (their results are written after).
  const states = contractStates(store);
  for (const intent of intents) {
    const { rows } = await db.query<{ hash: Uint8Array; index_in_block: number; nonce: number; result: string; to_evm: string }>(
      'SELECT t.hash, t.index_in_block, t.nonce, t.result, c.evm_address AS to_evm FROM transaction t JOIN contract c ON c.num = $2 WHERE t.consensus_ns = $1',
      [intent.consensusNs, intent.contractNum]);
    const tx = rows[0];
    if (!tx || tx.result !== 'SUCCESS') continue;
    const outcome = await executeCall(states, {
      to: tx.to_evm, from: intent.senderEvm, block: { kind: 'number', number: BigInt(intent.blockNumber) }, data: hexTextToBytes(intent.callData),
      estimate: false, gas: BigInt(intent.gasLimit), gasPrice: 0n, value: BigInt(intent.amount),
    }, intent.blockNumber);
    const success = outcome.kind === 'success';
    const gasUsed = success ? Number(outcome.gasUsed) : intent.gasLimit;
    const output = outcome.kind === 'success' ? bytesToHex(outcome.returnData) : outcome.kind === 'revert' ? bytesToHex(outcome.revertData) : '0x';
    const resultCode = success ? 'SUCCESS' : outcome.kind === 'revert' ? 'CONTRACT_REVERT_EXECUTED' : outcome.kind === 'insufficient-gas' ? 'INSUFFICIENT_GAS' : 'CONTRACT_EXECUTION_EXCEPTION';
    if (!success) await db.query('UPDATE transaction SET result = $2 WHERE consensus_ns = $1', [intent.consensusNs, resultCode]);
    results.push({
      consensusNs: intent.consensusNs, contractNum: intent.contractNum, payerNum: intent.payerNum, senderEvm: intent.senderEvm, toEvm: tx.to_evm,
      amount: intent.amount, gasLimit: intent.gasLimit, gasUsed, gasConsumed: gasUsed, callResult: success ? output : '0x',
      functionParameters: intent.callData, errorMessage: success ? null : output === '0x' ? resultCode : output, status: success ? '0x1' : '0x0',
      result: resultCode, createdContractNums: [], bloom: EMPTY_BLOOM, hash: bytesToHex(tx.hash.subarray(0, 32)), nonce: tx.nonce,
      transactionIndex: tx.index_in_block, blockNumber: intent.blockNumber, gasPrice: '0x', stateChanges: [],
    });
    actions.push({
      consensusNs: intent.consensusNs, index: 0, callDepth: 0, callOperationType: 'CALL', callType: 'CALL', callerNum: intent.payerNum, callerType: 'ACCOUNT',
      fromEvm: intent.senderEvm, gas: intent.gasLimit, gasUsed, input: intent.callData, recipientNum: intent.contractNum, recipientType: 'CONTRACT',
      resultData: output, resultDataType: success ? 'OUTPUT' : outcome.kind === 'revert' ? 'REVERT_REASON' : 'ERROR', toEvm: tx.to_evm, value: intent.amount,
    });
  }
  await insertContractRecords(db, { contractResults: results, contractLogs: [], contractState: [], contractActions: actions });
  await db.exec('UPDATE block SET gas_used = (SELECT coalesce(sum(r.gas_used), 0) FROM contract_result r WHERE r.block_number = block.number)');
}
