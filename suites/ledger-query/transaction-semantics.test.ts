import { describe } from 'vitest';
import { isSuccessfulResult } from '../../src/checks/successful-result.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { responseJson } from '../../src/http/exchange.ts';
import { TRANSACTION_LIST, type Transaction } from '../../src/walkers/ledger-lists.ts';
import { ascendingSlice } from '../../src/walkers/list-slice.ts';

/** The outcome a submission gets when its transaction ID was already accepted. */
const DUPLICATE = 'DUPLICATE_TRANSACTION';

function transactionsOf(body: unknown): Transaction[] {
  const items = (body as { transactions?: unknown } | undefined)?.transactions;
  return Array.isArray(items) ? (items as Transaction[]) : [];
}

/** The clause of LQ-1-transactions-include-failed that a listed transaction of each kind shows. */
const LISTED = { success: 'successful-listed', fail: 'failed-listed' } as const;

/**
 * A transaction of one kind (successful or failed) that lies beyond the slice read: found through
 * the result filter, then looked for in the unfiltered list at its own timestamp.
 */
async function expectListedBeyondSlice(t: Check, kind: 'success' | 'fail', sliceSize: number): Promise<void> {
  const filtered = await t.get(TRANSACTION_LIST.path, [['result', kind], ['order', 'asc'], ['limit', '5']]);
  const candidates = filtered.status === 200 ? transactionsOf(responseJson(filtered)).filter((tx) => isSuccessfulResult(tx.result) === (kind === 'success')) : [];
  if (candidates.length === 0) {
    // A young ledger may hold no failed transaction yet: that part is left out of the share, not counted against it.
    t.skip(`no ${kind === 'success' ? 'successful' : 'failed'} transaction among the oldest ${sliceSize}, and result=${kind} ${filtered.status === 200 ? 'lists none' : `answered ${filtered.status}`}`, { mayLack: kind === 'fail' && filtered.status === 200 });
  }
  for (const tx of candidates) {
    const exchange = await t.get(TRANSACTION_LIST.path, [['timestamp', tx.consensus_timestamp]]);
    const listed = transactionsOf(responseJson(exchange)).some((row) => row.consensus_timestamp === tx.consensus_timestamp);
    t.soft('LQ-1-transactions-include-failed', listed, `the ${tx.result} transaction ${tx.transaction_id} at ${tx.consensus_timestamp} is missing from the unfiltered list`, exchange, LISTED[kind]);
  }
}

describe.concurrent('GET /api/v1/transactions', () => {
  ruleTest('lists successful and failed transactions alike', ['LQ-1-transactions-include-failed', TRANSACTION_LIST.envelope], async (t) => {
    const slice = await ascendingSlice(t, TRANSACTION_LIST, 5);
    const succeeded = slice.items.filter((tx) => isSuccessfulResult(tx.result)).length;
    const failed = slice.items.length - succeeded;
    t.note(`oldest ${slice.items.length} transactions: ${succeeded} successful, ${failed} failed`);
    // Each kind seen in the unfiltered list is the rule holding for that kind; a kind not seen is looked for beyond.
    if (succeeded > 0) t.soft('LQ-1-transactions-include-failed', true, '', slice.exchanges[0], LISTED.success);
    if (failed > 0) t.soft('LQ-1-transactions-include-failed', true, '', slice.exchanges[0], LISTED.fail);
    if (succeeded === 0) await expectListedBeyondSlice(t, 'success', slice.items.length);
    if (failed === 0) await expectListedBeyondSlice(t, 'fail', slice.items.length);
  });

  ruleTest('lists each duplicate of a transaction ID as its own entry, each charged a fee', ['LQ-1-duplicates-separate-entries', 'LQ-1-duplicates-charged', TRANSACTION_LIST.envelope], async (t) => {
    const slice = await ascendingSlice(t, TRANSACTION_LIST, 10);
    // Children (nonce > 0) and scheduled executions share the ID of their parent: they are not duplicates.
    const submissions = slice.items.filter((tx) => tx.nonce === 0 && tx.scheduled === false);
    const byId = new Map<string, Transaction[]>();
    for (const tx of submissions) byId.set(tx.transaction_id, [...(byId.get(tx.transaction_id) ?? []), tx]);
    const groups = [...byId.values()].filter((entries) => entries.length > 1);
    // A duplicate reaches consensus after the accepted submission, so reading from the oldest
    // transaction on, the accepted entry of every duplicate seen is in the slice too.
    for (const tx of submissions.filter((row) => row.result === DUPLICATE)) {
      t.soft('LQ-1-duplicates-separate-entries', byId.get(tx.transaction_id)!.length > 1,
        `${tx.transaction_id} at ${tx.consensus_timestamp} is a ${DUPLICATE} but no other entry with that ID precedes it`);
    }
    if (groups.length === 0) t.skip(`no transaction ID appears twice among the oldest ${slice.items.length} transactions`, { mayLack: true });
    for (const entries of groups) {
      const id = entries[0]!.transaction_id;
      const stamps = new Set(entries.map((tx) => tx.consensus_timestamp));
      t.soft('LQ-1-duplicates-separate-entries', stamps.size === entries.length, `the ${entries.length} entries of ${id} share consensus timestamps: ${[...stamps].join(', ')}`);
      for (const tx of entries) {
        t.soft('LQ-1-duplicates-charged', typeof tx.charged_tx_fee === 'number' && tx.charged_tx_fee > 0,
          `entry ${tx.consensus_timestamp} of ${id} (${tx.result}) has charged_tx_fee ${JSON.stringify(tx.charged_tx_fee)}, not a fee above zero`);
      }
    }
    t.note(`${groups.length} transaction ID(s) with several entries among the oldest ${slice.items.length}`);
  });
});
