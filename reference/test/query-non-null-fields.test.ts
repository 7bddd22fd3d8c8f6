// Regression: fields contract 2.3 and 2.4 type as non-null (EntityId, Timestamp) are never null in
// the answers, though the real service sends null in several of them (reference notes).
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceForTests } from './reference-for-tests.ts';

const reference = referenceForTests();

async function get(path: string): Promise<any> {
  return (await reference.get(path)).body;
}

let transactions: any[];
beforeAll(async () => {
  transactions = [];
  for (let path: string | null = '/api/v1/transactions?order=asc&limit=100'; path;) {
    const page = await get(path);
    transactions.push(...page.transactions);
    path = page.links.next;
  }
});

const ENTITY_ID = /^\d{1,10}\.\d{1,10}\.\d{1,10}$/;
const TIMESTAMP = /^\d{1,10}(\.\d{1,9})?$/;

describe('transactions (contract 2.3)', () => {
  it('gives every transaction of the ledger an entity, a node and a parent timestamp', () => {
    expect(transactions).toHaveLength(5000);
    const broken = transactions.filter((t) => !ENTITY_ID.test(t.entity_id) || !ENTITY_ID.test(t.node) || !TIMESTAMP.test(t.parent_consensus_timestamp));
    expect(broken.map((t) => t.consensus_timestamp)).toEqual([]);
  });

  it('names the payer as the entity of a plain transfer, and makes a top-level transaction its own root', () => {
    const transfer = transactions.find((t) => t.name === 'CRYPTOTRANSFER' && t.nonce === 0 && !t.scheduled);
    expect(transfer.entity_id).toBe(transfer.transaction_id.split('-')[0]);
    for (const t of transactions.filter((t) => t.nonce === 0)) expect(t.parent_consensus_timestamp).toBe(t.consensus_timestamp);
  });

  it("gives a child transaction its parent's node and timestamp", () => {
    const children = transactions.filter((t) => t.nonce > 0);
    expect(children.length).toBeGreaterThan(10);
    const byTimestamp = new Map(transactions.map((t) => [t.consensus_timestamp, t]));
    for (const child of children) {
      const parent = byTimestamp.get(child.parent_consensus_timestamp);
      expect(parent?.nonce).toBe(0);
      expect(child.node).toBe(parent.node);
    }
  });

  it("moves minted NFTs from, and burned NFTs back to, the token's treasury, and account.id finds the treasury there", async () => {
    const nftSide = (names: string[]) => transactions.filter((t) => names.includes(t.name) && t.nft_transfers.length > 0);
    const mint = nftSide(['TOKENMINT'])[0];
    const burn = nftSide(['TOKENBURN', 'TOKENWIPE'])[0];
    for (const [tx, side] of [[mint, 'sender_account_id'], [burn, 'receiver_account_id']] as const) {
      const transfer = tx.nft_transfers[0];
      const token = await get(`/api/v1/tokens/${transfer.token_id}`);
      expect(transfer[side]).toBe(token.treasury_account_id);
      const filtered = await get(`/api/v1/transactions?account.id=${token.treasury_account_id}&timestamp=${tx.consensus_timestamp}`);
      expect(filtered.transactions.map((t: any) => t.consensus_timestamp)).toEqual([tx.consensus_timestamp]);
    }
    const sides = transactions.flatMap((t) => t.nft_transfers.flatMap((n: any) => [n.sender_account_id, n.receiver_account_id]));
    expect(sides.filter((id) => !ENTITY_ID.test(id))).toEqual([]);
  });
});

describe('topics (contract 2.4)', () => {
  it('gives every topic an auto-renew account and a range ending at the latest consensus timestamp', async () => {
    const latest = transactions[transactions.length - 1].consensus_timestamp;
    for (let num = 3001; num <= 3030; num++) {
      const topic = await get(`/api/v1/topics/0.0.${num}`);
      expect(topic.auto_renew_account, topic.topic_id).toMatch(ENTITY_ID);
      expect(topic.timestamp.to, topic.topic_id).toBe(latest);
      expect(topic.timestamp.from <= topic.timestamp.to).toBe(true);
    }
  });
});
