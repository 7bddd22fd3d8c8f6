// Opcode traces: /contracts/results/{transactionIdOrHash}/opcodes for one result, and the
// contract's form /contracts/{id}/results/opcodes for the contract's latest result (or the one at
// `timestamp`). The trace comes from re-executing the recorded call (see opcode-trace.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import type { ContractStore } from '../contract-store.ts';
import type { ContractStates } from '../evm/block-state.ts';
import { readQuery, booleanRule, type ParsedQuery } from './query-params.ts';
import { parseTimestamp } from './ledger-timestamp.ts';
import { formatEntityId } from './entity-id.ts';
import { sendJson } from './json-reply.ts';
import { notFound } from './query-error.ts';
import { requireContractNum } from './contract-lookup.ts';
import { resultTimestamp } from './contract-results.ts';

const OPTION_RULES = [booleanRule('stack'), booleanRule('memory'), booleanRule('storage')];

async function sendTrace(db: PGlite, states: () => Promise<ContractStates>, reply: FastifyReply, consensusNs: bigint, query: ParsedQuery) {
  const { rows } = await db.query<{
    contract_num: bigint; sender_evm: string; function_parameters: string; gas_limit: bigint; amount: bigint; block_number: number;
    created_contract_nums: number[]; evm_address: string;
  }>('SELECT r.*, c.evm_address FROM contract_result r JOIN contract c ON c.num = r.contract_num WHERE r.consensus_ns = $1', [consensusNs]);
  const r = rows[0];
  if (!r) throw notFound();
  // A creation is traced from its init code in the block before the contract exists.
  const creation = r.created_contract_nums.includes(Number(r.contract_num));
  // The EVM loads at the first call or trace, not with the server.
  const { traceCall } = await import('./opcode-trace.ts');
  const trace = await traceCall(await states(), {
    to: creation ? null : r.evm_address, from: r.sender_evm, input: r.function_parameters, gasLimit: BigInt(r.gas_limit), value: BigInt(r.amount),
    blockNumber: creation ? Math.max(0, r.block_number - 1) : r.block_number,
    options: { stack: query.first<boolean>('stack') ?? true, memory: query.first<boolean>('memory') ?? false, storage: query.first<boolean>('storage') ?? false },
  });
  return sendJson(reply, {
    address: r.evm_address, contract_id: formatEntityId(r.contract_num), failed: trace.failed, gas: Number(trace.gasUsed),
    opcodes: trace.opcodes, return_value: trace.returnValue,
  });
}

export function registerContractOpcodeRoutes(app: FastifyInstance, db: PGlite, store: ContractStore): void {
  // Made at the first trace, with the EVM.
  let made: Promise<ContractStates> | undefined;
  const states = () => (made ??= import('../evm/block-state.ts').then((m) => m.contractStates(store)));
  app.get<{ Params: { key: string } }>('/api/v1/contracts/results/:key/opcodes', async (request, reply) => {
    const consensusNs = await resultTimestamp(db, request.params.key);
    return sendTrace(db, states, reply, consensusNs, readQuery(request.url, OPTION_RULES));
  });

  app.get<{ Params: { id: string } }>('/api/v1/contracts/:id/results/opcodes', async (request, reply) => {
    const query = readQuery(request.url, [...OPTION_RULES, { name: 'timestamp', single: true, parse: (v) => parseTimestamp(v)?.toString() }]);
    const num = await requireContractNum(db, request.params.id);
    const at = query.first<string>('timestamp');
    const { rows } = await db.query<{ consensus_ns: bigint }>(
      `SELECT consensus_ns FROM contract_result WHERE contract_num = $1 ${at ? 'AND consensus_ns = $2::numeric' : ''} ORDER BY consensus_ns DESC LIMIT 1`,
      at ? [num, at] : [num]);
    if (!rows.length) throw notFound();
    return sendTrace(db, states, reply, rows[0]!.consensus_ns, query);
  });
}
