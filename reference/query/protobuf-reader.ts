// A minimal protobuf wire-format reader: enough to tell a parsable message (every field a valid
// tag with a known wire type and a complete value) from arbitrary bytes, and to walk its fields.

export interface ProtoField { field: number; wireType: number; value: bigint | Uint8Array }

/** All top-level fields, or null when the bytes are not a well-formed protobuf message. */
export function readMessage(bytes: Uint8Array): ProtoField[] | null {
  const fields: ProtoField[] = [];
  let at = 0;
  const varint = (): bigint | null => {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (at >= bytes.length) return null;
      const byte = bytes[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
    }
    return null;
  };
  while (at < bytes.length) {
    const tag = varint();
    if (tag === null) return null;
    const field = Number(tag >> 3n);
    const wireType = Number(tag & 7n);
    if (field < 1 || field > 536_870_911) return null;
    if (wireType === 0) {
      const value = varint();
      if (value === null) return null;
      fields.push({ field, wireType, value });
    } else if (wireType === 1 || wireType === 5) {
      const size = wireType === 1 ? 8 : 4;
      if (at + size > bytes.length) return null;
      fields.push({ field, wireType, value: bytes.subarray(at, at + size) });
      at += size;
    } else if (wireType === 2) {
      const length = varint();
      if (length === null || BigInt(at) + length > BigInt(bytes.length)) return null;
      fields.push({ field, wireType, value: bytes.subarray(at, at + Number(length)) });
      at += Number(length);
    } else {
      return null;
    }
  }
  return fields;
}
