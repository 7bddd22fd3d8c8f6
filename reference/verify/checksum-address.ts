// EIP-55 mixed-case addresses, as the verifier writes a contract's address. Written here rather than
// taken from @ethereumjs/util, whose entry loads its elliptic-curve code with it (about 0.1 s of the
// server's start): keccak-256 alone is all this needs.
import { keccak_256 } from '@noble/hashes/sha3.js';

/** `address` (0x and 40 hex digits, any case) with each letter upper-case where its nibble of keccak-256(lower-case hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}
