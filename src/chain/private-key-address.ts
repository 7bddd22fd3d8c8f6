// The account a private key (--verify-deployer-key) sends from: the last 20 bytes of the keccak-256
// of its uncompressed secp256k1 public key, the 0x04 prefix left out.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** The key's 32 bytes, from 64 hex digits with or without 0x. */
export function privateKeyBytes(privateKey: string): Uint8Array {
  return hexToBytes(privateKey.startsWith('0x') ? privateKey.slice(2) : privateKey);
}

/** The address in lower case, 0x and 40 hex digits; throws for a key outside the curve's range (zero, or not below its order). */
export function addressOfPrivateKey(privateKey: string): string {
  const publicKey = secp256k1.getPublicKey(privateKeyBytes(privateKey), false);
  return `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))}`;
}
