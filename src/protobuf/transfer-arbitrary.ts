import fc from 'fast-check';
import { encodeSignedTransfer, type AccountNumber, type SignedTransfer } from './encode-transaction.ts';

const between = (min: number, max: number) => fc.integer({ min, max });
const bytesOf = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const account = (min: number): fc.Arbitrary<AccountNumber> => between(min, 5_000_000).map((num) => ({ shard: 0, realm: 0, num }));

/**
 * A well-formed signed crypto transfer: payer, node, fee, duration, a short memo, a balanced
 * two-account transfer and one ED25519 signature pair.
 */
export function signedTransferArbitrary(): fc.Arbitrary<{ tx: SignedTransfer; bytes: Uint8Array }> {
  const tx = fc.record({
    payer: account(2),
    node: account(3).map((a) => ({ ...a, num: 3 + (a.num % 7) })),
    validStartSeconds: between(1_600_000_000, 1_900_000_000),
    validStartNanos: between(0, 999_999_999),
    validDurationSeconds: between(30, 180),
    maxFee: between(1, 2_000_000_000),
    memo: fc.stringMatching(/^[a-z ]{0,24}$/),
    amount: between(1, 1_000_000_000),
    receiver: account(2),
    signature: fc.record({ pubKeyPrefix: bytesOf(32), signature: bytesOf(64) }),
  }).map(({ amount, receiver, signature, ...rest }): SignedTransfer => ({
    ...rest,
    transfers: [{ account: rest.payer, amount: -amount }, { account: receiver, amount }],
    signatures: [signature],
  }));
  return tx.map((t) => ({ tx: t, bytes: encodeSignedTransfer(t) }));
}
