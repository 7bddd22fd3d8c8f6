import type { Check } from '../harness/rule-test.ts';
import { responseJson } from '../http/exchange.ts';
import { TRANSACTION_LIST } from '../walkers/ledger-lists.ts';
import { walkPages } from '../walkers/walk-pages.ts';

export interface TypedTransaction {
  name?: unknown;
  result?: unknown;
  entity_id?: unknown;
  consensus_timestamp?: unknown;
  [field: string]: unknown;
}

/** Pages of the transaction list read when the target does not take the transactiontype filter. */
const UNFILTERED_PAGES = 5;

/** The first page of each type through the transactiontype filter; undefined when the target does not take it. */
async function throughTypeFilter(t: Check, types: string[], fits: (tx: TypedTransaction) => boolean): Promise<TypedTransaction[] | undefined> {
  const found: TypedTransaction[] = [];
  for (const type of types) {
    const exchange = await t.get(TRANSACTION_LIST.path, [['transactiontype', type], ['order', 'asc'], ['limit', '100']]);
    if (exchange.status !== 200) return undefined;
    const items = (responseJson(exchange) as { transactions?: TypedTransaction[] } | undefined)?.transactions;
    found.push(...(Array.isArray(items) ? items.filter(fits) : []));
  }
  return found;
}

/**
 * Transactions of given types, oldest first per type, found on the target: through the type filter
 * when the target takes it, otherwise by reading a bounded number of pages of the whole list.
 * Skips the check with the reason when none is found.
 */
export async function discoverTransactionsOfType(t: Check, types: string[], options: { where?: (tx: TypedTransaction) => boolean } = {}): Promise<TypedTransaction[]> {
  const fits = (tx: TypedTransaction) => types.includes(String(tx.name)) && (options.where?.(tx) ?? true);
  const filtered = await throughTypeFilter(t, types, fits);
  const found = filtered ?? (await walkPages<TypedTransaction>(t, TRANSACTION_LIST.path, {
    listKey: TRANSACTION_LIST.listKey, query: [['order', 'asc'], ['limit', '100']], pageCap: UNFILTERED_PAGES, rule: TRANSACTION_LIST.envelope,
  })).items.filter(fits);
  if (found.length === 0) {
    const how = filtered ? 'through the transactiontype filter' : 'in the first pages of the transaction list (the transactiontype filter was not taken)';
    t.skip(`the target has no ${types.join('/')} transactions to check this (none found ${how})`);
  }
  return found;
}
