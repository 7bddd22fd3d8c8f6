import fc from 'fast-check';
import { proto } from '@hashgraph/proto';
import Long from 'long';
import { stringMatchingArbitrary } from '../../generators/schema/string-matching.ts';

const between = (min: number, max: number) => fc.integer({ min, max });
const bytesOf = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
/** The schema's int64 fields take Long values. */
const int64 = (n: number) => Long.fromNumber(n);
const accountId = (num: number): proto.IAccountID => ({ shardNum: int64(0), realmNum: int64(0), accountNum: int64(num) });

/**
 * A well-formed signed crypto transfer, the kind of body the fee estimate takes (reference notes,
 * 4.4): payer, node, fee, duration, a short memo, a balanced two-account transfer and one ED25519
 * signature pair, encoded with the network's published protobuf schema (@hashgraph/proto) as a
 * Transaction holding SignedTransaction bytes.
 */
export function signedTransferArbitrary(): fc.Arbitrary<{ bytes: Uint8Array }> {
  return fc.record({
    payer: between(2, 5_000_000).map(accountId),
    node: between(3, 9).map(accountId),
    validStartSeconds: between(1_600_000_000, 1_900_000_000),
    validStartNanos: between(0, 999_999_999),
    validDurationSeconds: between(30, 180),
    maxFee: between(1, 2_000_000_000),
    memo: stringMatchingArbitrary(/^[a-z ]{0,24}$/),
    amount: between(1, 1_000_000_000),
    receiver: between(2, 5_000_000).map(accountId),
    signature: fc.record({ pubKeyPrefix: bytesOf(32), ed25519: bytesOf(64) }),
  }).map((t) => {
    const bodyBytes = proto.TransactionBody.encode({
      transactionID: { transactionValidStart: { seconds: int64(t.validStartSeconds), nanos: t.validStartNanos }, accountID: t.payer },
      nodeAccountID: t.node,
      transactionFee: int64(t.maxFee),
      transactionValidDuration: { seconds: int64(t.validDurationSeconds) },
      memo: t.memo,
      cryptoTransfer: { transfers: { accountAmounts: [{ accountID: t.payer, amount: int64(-t.amount) }, { accountID: t.receiver, amount: int64(t.amount) }] } },
    }).finish();
    const signedTransactionBytes = proto.SignedTransaction.encode({ bodyBytes, sigMap: { sigPair: [t.signature] } }).finish();
    return { bytes: proto.Transaction.encode({ signedTransactionBytes }).finish() };
  });
}
