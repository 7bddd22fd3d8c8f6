// Resolves `{contractIdOrAddress}`: an entity ID (0.0.N, 0.N, N) or a 20-byte EVM address.
import type { PGlite } from '@electric-sql/pglite';
import { localNum, parsePathEntityId } from './entity-id.ts';
import { badRequest, notFound } from './query-error.ts';

const EVM_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/;

export async function requireContractNum(db: PGlite, text: string): Promise<bigint> {
  const id = parsePathEntityId(text);
  const evm = id ? null : EVM_ADDRESS.exec(text);
  if (!id && !evm) throw badRequest('contractid');
  const num = id ? localNum(id) : null;
  const { rows } = id
    ? num === null ? { rows: [] } : await db.query<{ num: bigint }>('SELECT num FROM contract WHERE num = $1', [num])
    : await db.query<{ num: bigint }>('SELECT num FROM contract WHERE evm_address = $1', [`0x${evm![1]!.toLowerCase()}`]);
  if (!rows.length) throw notFound();
  return rows[0]!.num;
}
