// The ledger's latest consensus timestamp: the end of its last block. Balance snapshots are taken
// there, and a live entity's current state is valid up to it.
import type { PGlite } from '@electric-sql/pglite';

export async function latestConsensusNs(db: PGlite): Promise<bigint> {
  const { rows } = await db.query<{ to_ns: bigint }>('SELECT to_ns FROM block ORDER BY number DESC LIMIT 1');
  return rows[0]?.to_ns ?? 0n;
}
