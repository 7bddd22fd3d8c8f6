// Field encodings shared by the resources: integers, keys and byte strings.

/** A database integer as a JSON number: a JS number when exact, else a bigint (see json-body). */
export function int(value: bigint | number | string | null | undefined): number | bigint | null {
  if (value === null || value === undefined) return null;
  const big = BigInt(value);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) && big >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(big) : big;
}

export type KeyJson = { _type: string; key: string };

export function keyJson(key: unknown): KeyJson | null {
  if (!key || typeof key !== 'object') return null;
  const k = key as { _type?: unknown; key?: unknown };
  return typeof k._type === 'string' && typeof k.key === 'string' ? { _type: k._type, key: k.key } : null;
}

export function base64(bytes: Uint8Array | null): string | null {
  return bytes === null ? null : Buffer.from(bytes).toString('base64');
}
