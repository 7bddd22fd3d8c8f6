// Transaction entries as contract 2.3 lists them: exactly those fields, integers as JSON numbers,
// transfers of every kind loaded for the whole page at once.
import type { PGlite } from '@electric-sql/pglite';
import { formatEntityId } from './entity-id.ts';
import { formatTimestamp } from './ledger-timestamp.ts';
import { base64, int, keyJson } from './wire-format.ts';
import { transactionId } from './transaction-id.ts';
import type { JsonValue } from './json-body.ts';
import { rowsBy } from './rows-by.ts';

export interface TransactionRow {
  consensus_ns: bigint; payer_num: bigint; valid_start_ns: bigint; nonce: number; scheduled: boolean; name: string; result: string;
  node_num: bigint; entity_num: bigint; charged_tx_fee: bigint; max_fee: bigint; memo: Uint8Array; valid_duration_seconds: bigint;
  parent_consensus_ns: bigint; hash: Uint8Array; batch_key: unknown; high_volume: boolean; high_volume_multiplier: number;
  max_custom_fees: Array<{ account_num: number; amount: number; denominating_token_num: number | null }>;
}

export async function transactionItems(db: PGlite, rows: TransactionRow[]): Promise<JsonValue[]> {
  if (!rows.length) return [];
  const list = rows.map((r) => r.consensus_ns).join(',');
  const [crypto, token, nft, staking] = await Promise.all([
    db.query<{ consensus_ns: bigint; account_num: bigint; amount: bigint; is_approval: boolean }>(`SELECT * FROM crypto_transfer WHERE consensus_ns IN (${list}) ORDER BY account_num`),
    db.query<{ consensus_ns: bigint; token_num: bigint; account_num: bigint; amount: bigint; is_approval: boolean }>(`SELECT * FROM token_transfer WHERE consensus_ns IN (${list}) ORDER BY token_num, account_num`),
    db.query<{ consensus_ns: bigint; token_num: bigint; serial: bigint; sender_num: bigint; receiver_num: bigint; is_approval: boolean }>(`SELECT * FROM nft_transfer WHERE consensus_ns IN (${list}) ORDER BY token_num, serial`),
    db.query<{ consensus_ns: bigint; account_num: bigint; amount: bigint }>(`SELECT * FROM staking_reward_transfer WHERE consensus_ns IN (${list}) ORDER BY account_num`),
  ]);
  const byTransaction = (row: { consensus_ns: bigint }) => row.consensus_ns;
  const cryptoBy = rowsBy(crypto.rows, byTransaction);
  const tokenBy = rowsBy(token.rows, byTransaction);
  const nftBy = rowsBy(nft.rows, byTransaction);
  const stakingBy = rowsBy(staking.rows, byTransaction);
  return rows.map((t) => ({
    batch_key: keyJson(t.batch_key),
    bytes: null,
    charged_tx_fee: int(t.charged_tx_fee),
    consensus_timestamp: formatTimestamp(t.consensus_ns),
    entity_id: formatEntityId(t.entity_num),
    high_volume: t.high_volume,
    high_volume_pricing_multiplier: t.high_volume_multiplier,
    max_custom_fees: t.max_custom_fees.map((f) => ({ account_id: formatEntityId(f.account_num), amount: f.amount, denominating_token_id: formatEntityId(f.denominating_token_num) })),
    max_fee: int(t.max_fee),
    memo_base64: base64(t.memo),
    name: t.name,
    nft_transfers: (nftBy.get(t.consensus_ns) ?? []).map((n) => ({
      is_approval: n.is_approval, receiver_account_id: formatEntityId(n.receiver_num), sender_account_id: formatEntityId(n.sender_num),
      serial_number: int(n.serial), token_id: formatEntityId(n.token_num),
    })),
    node: formatEntityId(t.node_num),
    nonce: t.nonce,
    parent_consensus_timestamp: formatTimestamp(t.parent_consensus_ns),
    result: t.result,
    scheduled: t.scheduled,
    staking_reward_transfers: (stakingBy.get(t.consensus_ns) ?? []).map((s) => ({ account: int(s.account_num), amount: int(s.amount) })),
    transaction_hash: base64(t.hash),
    transaction_id: transactionId(t.payer_num, t.valid_start_ns),
    token_transfers: (tokenBy.get(t.consensus_ns) ?? []).map((x) => ({ token_id: formatEntityId(x.token_num), account: formatEntityId(x.account_num), amount: int(x.amount), is_approval: x.is_approval })),
    transfers: (cryptoBy.get(t.consensus_ns) ?? []).map((x) => ({ account: formatEntityId(x.account_num), amount: int(x.amount), is_approval: x.is_approval })),
    valid_duration_seconds: int(t.valid_duration_seconds),
    valid_start_timestamp: formatTimestamp(t.valid_start_ns),
  }));
}
