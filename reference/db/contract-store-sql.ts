// The ContractStore the EVM-backed routes read, answered from the contract tables: a contract has
// code from its deploy block on; storage is the latest value of each slot written by then.
import type { PGlite } from '@electric-sql/pglite';
import type { ContractDeployment, ContractStore } from '../contract-store.ts';

interface ContractRow {
  num: string | number | bigint;
  evm_address: string;
  name: string;
  creation_input: string;
  runtime_bytecode: string;
  deploy_block: number;
  abi: unknown[];
  contract_identifier: string | null;
  compiler_version: string | null;
  created_ns: bigint;
}

export function createSqlContractStore(db: PGlite): ContractStore {
  const latestBlockNumber = async (): Promise<number> => {
    const { rows } = await db.query<{ latest: number | null }>('SELECT max(number) AS latest FROM block');
    return rows[0]?.latest ?? 0;
  };
  const contractAt = async (evmAddress: string, blockNumber: number | undefined) => {
    const block = blockNumber ?? (await latestBlockNumber());
    const { rows } = await db.query<{ num: bigint; runtime_bytecode: string; to_ns: bigint | null }>(
      `SELECT c.num, c.runtime_bytecode, b.to_ns FROM contract c LEFT JOIN block b ON b.number = $2
       WHERE c.evm_address = $1 AND c.deploy_block <= $2 AND NOT c.deleted`,
      [evmAddress.toLowerCase(), block],
    );
    return rows[0];
  };
  const storageOf = async (num: bigint | number | string, upToNs: bigint | null) => {
    const { rows } = await db.query<{ slot: string; value: string }>(
      'SELECT slot, value FROM contract_state WHERE contract_num = $1 AND ($2::bigint IS NULL OR modified_ns <= $2) ORDER BY slot',
      [num, upToNs],
    );
    return rows.map((r) => ({ slot: r.slot, value: r.value }));
  };
  return {
    async getCode(evmAddress, blockNumber) {
      return (await contractAt(evmAddress, blockNumber))?.runtime_bytecode ?? null;
    },
    async getStorage(evmAddress, blockNumber) {
      const contract = await contractAt(evmAddress, blockNumber);
      return contract ? storageOf(contract.num, contract.to_ns) : [];
    },
    latestBlockNumber,
    async deployments(): Promise<ContractDeployment[]> {
      const { rows } = await db.query<ContractRow>('SELECT * FROM contract WHERE contract_identifier IS NOT NULL ORDER BY num');
      const out: ContractDeployment[] = [];
      for (const row of rows) {
        const logs = await db.query<{ address: string; topics: string[]; data: string }>(
          'SELECT address, topics, data FROM contract_log WHERE consensus_ns = $1 ORDER BY index', [row.created_ns]);
        const result = await db.query<{ gas_used: bigint }>('SELECT gas_used FROM contract_result WHERE consensus_ns = $1', [row.created_ns]);
        out.push({
          name: row.name, evmAddress: row.evm_address, entityNum: Number(row.num), creationInput: row.creation_input,
          runtimeBytecode: row.runtime_bytecode, storage: await storageOf(row.num, null), abi: row.abi,
          contractIdentifier: row.contract_identifier ?? '', compilerVersion: row.compiler_version ?? '', deployBlock: row.deploy_block,
          logs: logs.rows.map((l) => ({ address: l.address, topics: l.topics, data: l.data })), gasUsed: Number(result.rows[0]?.gas_used ?? 0),
        });
      }
      return out;
    },
  };
}
