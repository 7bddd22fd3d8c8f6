import { bytesField, concatBytes, messageField, varintField, zigzag } from './wire-format.ts';

/**
 * A signed crypto-transfer transaction in the ledger's protobuf schema, the kind of body the fee
 * estimate takes (reference notes, 4.4). Field numbers follow the public HAPI definitions:
 * Transaction.signedTransactionBytes = 5; SignedTransaction {bodyBytes = 1, sigMap = 2};
 * TransactionBody {transactionID = 1, nodeAccountID = 2, transactionFee = 3,
 * transactionValidDuration = 4, memo = 6, cryptoTransfer = 14}.
 */
export interface AccountNumber {
  shard: number;
  realm: number;
  num: number;
}

export interface SignedTransfer {
  payer: AccountNumber;
  node: AccountNumber;
  validStartSeconds: number;
  validStartNanos: number;
  validDurationSeconds: number;
  maxFee: number;
  memo: string;
  /** Amounts in tinybars; a real transfer sums to zero, which the encoder does not enforce. */
  transfers: Array<{ account: AccountNumber; amount: number }>;
  /** ED25519 signature pairs: a public-key prefix and a 64-byte signature. */
  signatures: Array<{ pubKeyPrefix: Uint8Array; signature: Uint8Array }>;
}

function accountId(field: number, id: AccountNumber): Uint8Array {
  return messageField(field, varintField(1, id.shard), varintField(2, id.realm), varintField(3, id.num));
}

/** TransactionBody bytes: what the signatures sign. */
function encodeTransferBody(tx: SignedTransfer): Uint8Array {
  const transactionId = messageField(1,
    messageField(1, varintField(1, tx.validStartSeconds), varintField(2, tx.validStartNanos)),
    accountId(2, tx.payer));
  // AccountAmount {accountID = 1, amount = 2 (sint64)} inside TransferList {accountAmounts = 1}.
  const amounts = tx.transfers.map((t) => messageField(1, accountId(1, t.account), varintField(2, zigzag(t.amount))));
  return concatBytes([
    transactionId,
    accountId(2, tx.node),
    varintField(3, tx.maxFee),
    messageField(4, varintField(1, tx.validDurationSeconds)),
    tx.memo ? bytesField(6, tx.memo) : new Uint8Array(0),
    messageField(14, messageField(1, ...amounts)),
  ]);
}

/** The whole Transaction message, as sent to the fee estimate. */
export function encodeSignedTransfer(tx: SignedTransfer): Uint8Array {
  // SignaturePair {pubKeyPrefix = 1, ed25519 = 3} inside SignatureMap {sigPair = 1}.
  const pairs = tx.signatures.map((s) => messageField(1, bytesField(1, s.pubKeyPrefix), bytesField(3, s.signature)));
  const signed = concatBytes([bytesField(1, encodeTransferBody(tx)), messageField(2, ...pairs)]);
  return bytesField(5, signed);
}
