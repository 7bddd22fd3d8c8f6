// A legacy transaction signed here with a private key (--verify-deployer-key), for eth_sendRawTransaction:
// the node holds no key it was not given. EIP-155: the chain id is signed along, so the transaction
// cannot be replayed on another chain.
import { encode } from '@ethereumjs/rlp';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { privateKeyBytes } from './private-key-address.ts';

export interface LegacyTransaction {
  nonce: bigint;
  gasPrice: bigint;
  gas: bigint;
  /** The recipient; none for a contract creation. */
  to?: string;
  value: bigint;
  /** 0x and hex digits: the call's input, or a creation's bytecode. */
  data: string;
  chainId: bigint;
}

/** RLP writes an integer as its big-endian bytes without leading zeros (zero as no bytes). */
function integerBytes(value: bigint): Uint8Array {
  if (value === 0n) return new Uint8Array();
  const hex = value.toString(16);
  return hexToBytes(hex.length % 2 ? `0${hex}` : hex);
}

const dataBytes = (hex: string) => hexToBytes(hex.startsWith('0x') ? hex.slice(2) : hex);

/** The signed transaction, RLP-encoded: 0x and hex digits. */
export function signLegacyTransaction(tx: LegacyTransaction, privateKey: string): string {
  const fields = [integerBytes(tx.nonce), integerBytes(tx.gasPrice), integerBytes(tx.gas), tx.to === undefined ? new Uint8Array() : dataBytes(tx.to), integerBytes(tx.value), dataBytes(tx.data)];
  // EIP-155: the signed hash covers the chain id and two empty fields in the place of the signature.
  const hash = keccak_256(encode([...fields, integerBytes(tx.chainId), new Uint8Array(), new Uint8Array()]));
  // The recovered format is the recovery bit followed by r and s (32 bytes each); s is in the curve's lower half.
  const signature = secp256k1.sign(hash, privateKeyBytes(privateKey), { prehash: false, format: 'recovered' });
  const v = BigInt(signature[0]!) + tx.chainId * 2n + 35n;
  const r = BigInt(`0x${bytesToHex(signature.subarray(1, 33))}`);
  const s = BigInt(`0x${bytesToHex(signature.subarray(33))}`);
  return `0x${bytesToHex(encode([...fields, integerBytes(v), integerBytes(r), integerBytes(s)]))}`;
}
