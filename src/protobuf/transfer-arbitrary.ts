import fc from 'fast-check';
import { encodeSignedTransfer, type AccountNumber, type SignedTransfer } from './encode-transaction.ts';
import { isSevenBitClean } from './seven-bit-body.ts';

/** Every varint stays one byte (below 128) and every length too: see seven-bit-body.ts for why. */
const small = (min: number, max = 127) => fc.integer({ min, max });
const sevenBitBytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length, max: 0x7f });
const account = (min: number): fc.Arbitrary<AccountNumber> => small(min).map((num) => ({ shard: 0, realm: 0, num }));

/**
 * A well-formed signed crypto transfer: payer, node, fee, duration, a short memo, a balanced
 * two-account transfer and one ED25519 signature pair.
 */
export function signedTransferArbitrary(): fc.Arbitrary<{ tx: SignedTransfer; bytes: Uint8Array }> {
  const tx = fc.record({
    payer: account(2),
    node: account(3).map((a) => ({ ...a, num: 3 + (a.num % 7) })),
    validStartSeconds: small(1),
    validStartNanos: small(0),
    validDurationSeconds: small(30, 120),
    maxFee: small(1),
    memo: fc.stringMatching(/^[a-z ]{0,6}$/),
    amount: small(1, 63),
    receiver: account(2),
    signature: fc.record({ pubKeyPrefix: sevenBitBytes(2), signature: sevenBitBytes(64) }),
  }).map(({ amount, receiver, signature, ...rest }): SignedTransfer => ({
    ...rest,
    transfers: [{ account: rest.payer, amount: -amount }, { account: receiver, amount }],
    signatures: [signature],
  }));
  return tx.map((t) => ({ tx: t, bytes: encodeSignedTransfer(t) })).filter(({ bytes }) => isSevenBitClean(bytes));
}
