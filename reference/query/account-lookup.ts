// Resolves the `{idOrAliasOrEvmAddress}` path segment: an entity ID (0.0.N, 0.N, N), a 20-byte EVM
// address (with or without 0x), or a base32 alias (optionally prefixed by shard.realm.).
import type { PGlite } from '@electric-sql/pglite';
import { localNum, parsePathEntityId } from './entity-id.ts';
import { parseEvmAddress } from './evm-address.ts';
import { badRequest, notFound } from './query-error.ts';

const ALIAS = /^(?:(\d{1,10})\.(\d{1,10})\.)?([A-Za-z2-7]{8,})$/;

/** Where a path segment points: an account number or nothing; throws 400 when malformed. */
async function resolveAccountNum(db: PGlite, text: string): Promise<bigint | null> {
  const id = parsePathEntityId(text);
  if (id) {
    const num = localNum(id);
    if (num === null) return null;
    const { rows } = await db.query<{ num: bigint }>('SELECT num FROM account WHERE num = $1', [num]);
    return rows[0]?.num ?? null;
  }
  const evm = parseEvmAddress(text);
  if (evm) {
    const { rows } = await db.query<{ num: bigint }>('SELECT num FROM account WHERE evm_address = $1', [evm]);
    return rows[0]?.num ?? null;
  }
  const alias = ALIAS.exec(text);
  if (alias) {
    if ((alias[1] && BigInt(alias[1]) !== 0n) || (alias[2] && BigInt(alias[2]) !== 0n)) return null;
    const { rows } = await db.query<{ num: bigint }>('SELECT num FROM account WHERE alias = $1', [alias[3]!.toUpperCase()]);
    return rows[0]?.num ?? null;
  }
  throw badRequest('idOrAliasOrEvmAddress');
}

/** As resolveAccountNum, with 404 when no account is found. */
export async function requireAccountNum(db: PGlite, text: string): Promise<bigint> {
  const num = await resolveAccountNum(db, text);
  if (num === null) throw notFound();
  return num;
}
