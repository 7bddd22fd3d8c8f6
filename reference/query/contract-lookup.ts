// Resolves `{contractIdOrAddress}`: an entity ID (0.0.N, 0.N, N) or a 20-byte EVM address.
import type { PGlite } from '@electric-sql/pglite';
import { localNum, parsePathEntityId } from './entity-id.ts';
import { parseEvmAddress } from './evm-address.ts';
import { badRequest, notFound } from './query-error.ts';

export async function requireContractNum(db: PGlite, text: string): Promise<bigint> {
  const id = parsePathEntityId(text);
  const evm = id ? undefined : parseEvmAddress(text);
  if (!id && !evm) throw badRequest('contractid');
  const num = id ? localNum(id) : null;
  const { rows } = id
    ? num === null ? { rows: [] } : await db.query<{ num: bigint }>('SELECT num FROM contract WHERE num = $1', [num])
    : await db.query<{ num: bigint }>('SELECT num FROM contract WHERE evm_address = $1', [evm!]);
  if (!rows.length) throw notFound();
  return rows[0]!.num;
}
