import type { Check } from '../harness/rule-test.ts';
import { isSuccessfulResult } from '../checks/successful-result.ts';
import { discoverTransactionsOfType } from './transactions-of-type.ts';

/** Transactions whose entity_id is a topic once they succeed. */
const TOPIC_TRANSACTIONS = ['CONSENSUSCREATETOPIC', 'CONSENSUSSUBMITMESSAGE', 'CONSENSUSUPDATETOPIC'];

/**
 * Topic IDs the target's own transaction list vouches for: entity IDs of successful topic
 * transactions (a failed submit may name a topic that never existed). Skips when there are none.
 */
export async function discoverTopicIds(t: Check, max: number): Promise<string[]> {
  const transactions = await discoverTransactionsOfType(t, TOPIC_TRANSACTIONS, {
    where: (tx) => isSuccessfulResult(tx.result) && typeof tx.entity_id === 'string',
  });
  return [...new Set(transactions.map((tx) => tx.entity_id as string))].slice(0, max);
}
