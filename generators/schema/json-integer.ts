/**
 * An integer as a JSON value: a number while a double holds it exactly (|n| ≤ 2^53 - 1), else a
 * bigint, so int64 values up to ±2^63 keep every digit until they are written out.
 */
export function jsonInteger(n: bigint): number | bigint {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}
