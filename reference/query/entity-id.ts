// Entity IDs in requests: `shard.realm.num`, `realm.num` (path only) or the bare `num`, each part
// 1 to 10 digits. The fixture ledger lives in shard 0, realm 0.

const CONTRACT_FORM = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})$/;
const QUERY_FORM = /^(?:(\d{1,10})\.(\d{1,10})\.)?(\d{1,10})$/;
const PATH_FORM = /^(?:(?:(\d{1,10})\.)?(\d{1,10})\.)?(\d{1,10})$/;

export interface EntityId { shard: bigint; realm: bigint; num: bigint }

function toEntity(match: RegExpExecArray | null): EntityId | undefined {
  if (!match) return undefined;
  return { shard: BigInt(match[1] ?? 0), realm: BigInt(match[2] ?? 0), num: BigInt(match[3]!) };
}

/** Exactly the contract's EntityId (2.1): `shard.realm.num`, for parameters it types so. */
export function parseEntityId(text: string): EntityId | undefined {
  return toEntity(CONTRACT_FORM.exec(text));
}

/** The contract's query form: `0.0.N` or `N`. */
export function parseQueryEntityId(text: string): EntityId | undefined {
  return toEntity(QUERY_FORM.exec(text));
}

/** A path segment: `0.0.N`, `0.N` or `N`. */
export function parsePathEntityId(text: string): EntityId | undefined {
  return toEntity(PATH_FORM.exec(text));
}

/** The entity number within this ledger's shard and realm, or null for an ID of another shard/realm. */
export function localNum(id: EntityId): bigint | null {
  return id.shard === 0n && id.realm === 0n ? id.num : null;
}

export function formatEntityId(num: bigint | number | string): string;
export function formatEntityId(num: bigint | number | string | null): string | null;
export function formatEntityId(num: bigint | number | string | null): string | null {
  return num === null ? null : `0.0.${BigInt(num)}`;
}

/**
 * A number ordering IDs by shard, realm, then num, for comparing with stored nums (shard 0,
 * realm 0): an ID of another shard or realm sorts above every local one.
 */
export function entityOrderKey(id: EntityId): string {
  return (id.shard * 10n ** 20n + id.realm * 10n ** 10n + id.num).toString();
}
