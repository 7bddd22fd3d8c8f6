// Reads the fee estimate's body with the network's published protobuf schema (@hashgraph/proto).
import { proto } from '@hashgraph/proto';

/**
 * The transaction's body bytes and signature count, or null when the bytes are no Transaction:
 * `signedTransactionBytes` holds a SignedTransaction (body bytes and signature map), or the
 * deprecated `bodyBytes` and `sigMap` sit in the Transaction itself. The body bytes must decode as
 * a TransactionBody.
 */
export function decodeTransaction(body: Uint8Array): { bodyBytes: Uint8Array; signatures: number } | null {
  try {
    const outer = proto.Transaction.decode(body);
    const holder = outer.signedTransactionBytes?.length ? proto.SignedTransaction.decode(outer.signedTransactionBytes) : outer;
    const bodyBytes = holder.bodyBytes;
    if (!bodyBytes?.length) return null;
    proto.TransactionBody.decode(bodyBytes);
    return { bodyBytes, signatures: holder.sigMap?.sigPair?.length ?? 0 };
  } catch {
    // protobufjs throws on truncated fields and unknown wire types: such bytes are no transaction.
    return null;
  }
}
