// Hashes in requests: a 48-byte block or transaction hash, or its first 32 bytes (the EVM-style
// hash), in hexadecimal with or without 0x.

const HASH = /^(?:0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/;

/** The 64 or 96 hex digits, lower-cased and without 0x, or undefined when the text is no hash. */
export function parseHash(text: string): string | undefined {
  return HASH.exec(text)?.[1]!.toLowerCase();
}
