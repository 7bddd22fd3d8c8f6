/** The parts of a Transaction (contract 2.3) that name accounts taking part in it. */
export interface TransactionParties {
  transaction_id?: unknown;
  transfers?: Array<{ account?: unknown; amount?: unknown }>;
  token_transfers?: Array<{ account?: unknown }>;
  nft_transfers?: Array<{ sender_account_id?: unknown; receiver_account_id?: unknown }>;
}

/** The payer of a transaction: the account part of its transaction ID `shard.realm.num-sss-nnn`. */
export function payerOf(tx: TransactionParties): string | undefined {
  return typeof tx.transaction_id === 'string' ? tx.transaction_id.split('-')[0] : undefined;
}

/**
 * Accounts a transaction involves (reference notes: the payer and any crypto, token or NFT
 * transfer of the account), as EntityId text.
 */
export function accountsInvolved(tx: TransactionParties): string[] {
  const found = [
    payerOf(tx),
    ...(tx.transfers ?? []).map((x) => x.account),
    ...(tx.token_transfers ?? []).map((x) => x.account),
    ...(tx.nft_transfers ?? []).flatMap((x) => [x.sender_account_id, x.receiver_account_id]),
  ];
  return [...new Set(found.filter((a): a is string => typeof a === 'string'))];
}

/** The net crypto transfer amount of an account in a transaction (negative for a debit). */
export function cryptoAmountOf(tx: TransactionParties, account: string): number | undefined {
  const own = (tx.transfers ?? []).filter((x) => x.account === account && typeof x.amount === 'number');
  return own.length === 0 ? undefined : own.reduce((sum, x) => sum + (x.amount as number), 0);
}
