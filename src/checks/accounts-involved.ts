/** The parts of a Transaction (contract 2.3) that name accounts taking part in it. */
export interface TransactionParties {
  transaction_id?: unknown;
  transfers?: Array<{ account?: unknown; amount?: unknown }>;
  token_transfers?: Array<{ account?: unknown; amount?: unknown }>;
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

/**
 * Does the transaction credit (or debit) the account? Reference notes: the balance-modification
 * filter counts hbar AND token transfers, so an account that only receives a token is credited.
 */
export function modifiesBalance(tx: TransactionParties, account: string, kind: 'credit' | 'debit'): boolean {
  const own = [...(tx.transfers ?? []), ...(tx.token_transfers ?? [])].filter((x) => x.account === account);
  return own.some((x) => {
    const amount = x.amount;
    const sign = typeof amount === 'bigint' || typeof amount === 'number' ? Math.sign(Number(amount)) : 0;
    return kind === 'credit' ? sign > 0 : sign < 0;
  });
}
