/**
 * The protobuf wire format, as far as a hand-built transaction needs it: varint and
 * length-delimited fields (wire types 0 and 2). Integers are bigint so int64 values stay exact.
 */

/** Unsigned LEB128 varint of a non-negative integer (negative int64 values are sent as their 2^64 complement). */
export function varint(value: bigint | number): Uint8Array {
  let v = BigInt(value);
  if (v < 0n) v += 1n << 64n;
  const bytes: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (v > 0n);
  return Uint8Array.from(bytes);
}

/** ZigZag mapping of a signed value, as `sint64` fields carry it (small magnitudes stay short). */
export function zigzag(value: bigint | number): bigint {
  const v = BigInt(value);
  return v >= 0n ? v << 1n : (-v << 1n) - 1n;
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function tag(field: number, wireType: 0 | 2): Uint8Array {
  return varint((field << 3) | wireType);
}

/** A varint field; proto3 leaves a zero value out, and so does this. */
export function varintField(field: number, value: bigint | number | boolean): Uint8Array {
  const v = typeof value === 'boolean' ? (value ? 1n : 0n) : BigInt(value);
  return v === 0n ? new Uint8Array(0) : concatBytes([tag(field, 0), varint(v)]);
}

/** A length-delimited field: bytes, a string, or an embedded message. */
export function bytesField(field: number, value: Uint8Array | string): Uint8Array {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
  return concatBytes([tag(field, 2), varint(bytes.length), bytes]);
}

/** An embedded message from its already encoded fields. */
export function messageField(field: number, ...fields: Uint8Array[]): Uint8Array {
  return bytesField(field, concatBytes(fields));
}
