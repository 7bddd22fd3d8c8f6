// Consensus timestamps: nanoseconds since the epoch in storage, `seconds.nanoseconds` on the wire
// (always nine fraction digits in responses; 1 to 9 accepted in requests).

const NS = 1_000_000_000n;
const TIMESTAMP = /^(\d{1,10})(?:\.(\d{1,9}))?$/;

export function formatTimestamp(ns: bigint | number | string): string;
export function formatTimestamp(ns: bigint | number | string | null): string | null;
export function formatTimestamp(ns: bigint | number | string | null): string | null {
  if (ns === null) return null;
  const value = BigInt(ns);
  return `${value / NS}.${(value % NS).toString().padStart(9, '0')}`;
}

/** `seconds[.fraction]` to nanoseconds; undefined when the text is not a timestamp. */
export function parseTimestamp(text: string): bigint | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  return BigInt(match[1]!) * NS + BigInt((match[2] ?? '').padEnd(9, '0'));
}
