import type { Check } from '../harness/rule-test.ts';
import { responseJson } from '../http/exchange.ts';
import { walkPages } from '../walkers/walk-pages.ts';

export interface TypedTransaction {
  name?: unknown;
  result?: unknown;
  entity_id?: unknown;
  consensus_timestamp?: unknown;
  [field: string]: unknown;
}

/**
 * Transactions of given types, oldest first, found on the target: through the type filter when
 * the target takes it, otherwise by reading a bounded number of pages of the whole list. Skips the
 * check with the reason when fewer than `need` are found.
 */
export async function discoverTransactionsOfType(
  t: Check,
  types: string[],
  options: { where?: (tx: TypedTransaction) => boolean; need?: number; pageCap?: number } = {},
): Promise<TypedTransaction[]> {
  const fits = (tx: TypedTransaction) => types.includes(String(tx.name)) && (options.where?.(tx) ?? true);
  const found: TypedTransaction[] = [];
  let filterTaken = true;
  for (const type of types) {
    const exchange = await t.get('/api/v1/transactions', [['transactiontype', type], ['order', 'asc'], ['limit', '100']]);
    if (exchange.status !== 200) {
      filterTaken = false;
      break;
    }
    const items = (responseJson(exchange) as { transactions?: TypedTransaction[] } | undefined)?.transactions;
    found.push(...(Array.isArray(items) ? items.filter(fits) : []));
  }
  if (!filterTaken) {
    found.length = 0;
    const pageCap = options.pageCap ?? 5;
    const walk = await walkPages<TypedTransaction>(t, '/api/v1/transactions', {
      listKey: 'transactions', query: [['order', 'asc'], ['limit', '100']], pageCap, rule: 'LQ-4.2-transactions-envelope',
    });
    found.push(...walk.items.filter(fits));
  }
  const need = options.need ?? 1;
  if (found.length < need) {
    const how = filterTaken ? 'through the transactiontype filter' : 'in the first pages of the transaction list (the transactiontype filter was not taken)';
    t.skip(`the target has too few ${types.join('/')} transactions to check this (${found.length} of ${need} found ${how})`);
  }
  return found;
}
