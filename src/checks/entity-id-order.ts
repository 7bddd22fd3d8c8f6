/** The three parts of an EntityId; a bare number is the `0.0.` form (contract 2.1). */
function entityIdParts(text: string): [bigint, bigint, bigint] {
  const parts = text.split('.');
  if (parts.length === 1) return [0n, 0n, BigInt(parts[0]!)];
  if (parts.length !== 3) throw new RangeError(`not an entity ID: ${text}`);
  return [BigInt(parts[0]!), BigInt(parts[1]!), BigInt(parts[2]!)];
}

// A filter check compares each listed id with several operands, a sort each id several times: the
// parts of the ids met lately are kept (a ledger run's worker spent 57 ms converting them again).
const KEPT_IDS = 4096;
const keptParts = new Map<string, [bigint, bigint, bigint]>();

function partsOf(text: string): [bigint, bigint, bigint] {
  let parts = keptParts.get(text);
  if (!parts) {
    parts = entityIdParts(text);
    if (keptParts.size >= KEPT_IDS) keptParts.clear();
    keptParts.set(text, parts);
  }
  return parts;
}

/**
 * EntityIds order numerically part by part (shard, then realm, then num), never as strings:
 * 0.0.9 comes before 0.0.10.
 */
export function compareEntityIds(a: string, b: string): number {
  const pa = partsOf(a);
  const pb = partsOf(b);
  for (let i = 0; i < 3; i++) {
    if (pa[i] !== pb[i]) return pa[i]! < pb[i]! ? -1 : 1;
  }
  return 0;
}
