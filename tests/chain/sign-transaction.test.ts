// Local signing for --verify-deployer-key: the example transaction of EIP-155 byte for byte, the
// address of a key, and a contract creation whose signature recovers to the key's address.
import { decode, encode } from '@ethereumjs/rlp';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { addressOfPrivateKey } from '../../src/chain/private-key-address.ts';
import { signLegacyTransaction } from '../../src/chain/sign-transaction.ts';

/** r or s as the 32 bytes of a signature. */
const word = (value: bigint) => hexToBytes(value.toString(16).padStart(64, '0'));

const EIP155_KEY = '0x4646464646464646464646464646464646464646464646464646464646464646';

describe('the address of a private key', () => {
  it('is the EIP-155 example\'s sender, and anvil\'s second development account, with or without 0x', () => {
    expect(addressOfPrivateKey(EIP155_KEY)).toBe('0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F'.toLowerCase());
    expect(addressOfPrivateKey('59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'.toLowerCase());
  });

  it('is refused for a key outside the curve\'s range', () => {
    expect(() => addressOfPrivateKey(`0x${'0'.repeat(64)}`)).toThrow();
    expect(() => addressOfPrivateKey(`0x${'f'.repeat(64)}`)).toThrow();
  });
});

describe('a signed legacy transaction', () => {
  it('is the EIP-155 example byte for byte', () => {
    const raw = signLegacyTransaction({ nonce: 9n, gasPrice: 20_000_000_000n, gas: 21_000n, to: '0x3535353535353535353535353535353535353535', value: 1_000_000_000_000_000_000n, data: '0x', chainId: 1n }, EIP155_KEY);
    expect(raw).toBe('0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83');
  });

  it('creates a contract with no recipient, and its signature over the chain id recovers to the key\'s address', () => {
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    const raw = signLegacyTransaction({ nonce: 0n, gasPrice: 1n, gas: 100_000n, value: 0n, data: '0x6080604052', chainId: 31337n }, key);
    const fields = decode(raw) as Uint8Array[];
    expect(fields.slice(0, 6).map((f) => bytesToHex(f))).toEqual(['', '01', '0186a0', '', '', '6080604052']);
    const [v, r, s] = fields.slice(6).map((f) => BigInt(`0x${bytesToHex(f) || '0'}`)) as [bigint, bigint, bigint];
    const recovery = v - 31337n * 2n - 35n;
    expect([0n, 1n]).toContain(recovery);
    // What EIP-155 signs, encoded here by RLP's own integer encoding: the six fields, the chain id, 0, 0.
    const signed = keccak_256(encode([...fields.slice(0, 6), 31337n, 0n, 0n]));
    const signature = concatBytes(new Uint8Array([Number(recovery)]), word(r), word(s));
    const publicKey = secp256k1.recoverPublicKey(signature, signed, { prehash: false });
    const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
    expect(`0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`).toBe(addressOfPrivateKey(key));
  });
});
