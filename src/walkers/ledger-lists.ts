import { compareDecimalText } from '../../generators/semantic/range-filter-pair.ts';
import type { TransactionParties } from '../checks/accounts-involved.ts';
import { compareEntityIds } from '../checks/entity-id-order.ts';
import type { SortKey } from '../checks/sorted-by.ts';

/** The fields of a Schedule (contract 2.2) that checks read, typed as the contract states them. */
export interface Schedule {
  schedule_id: string;
  creator_account_id: string;
  consensus_timestamp: string;
  executed_timestamp: string | null;
  deleted: boolean;
}

/** The fields of a Transaction (contract 2.3) that checks read, typed as the contract states them. */
export interface Transaction extends TransactionParties {
  consensus_timestamp: string;
  transaction_id: string;
  name: string;
  result: string;
  transfers: Array<{ account: string; amount: number }>;
  charged_tx_fee: number;
  nonce: number;
  scheduled: boolean;
}

/** One of the lists of sections 4.1 and 4.2, as the checks address, walk and order it. */
export interface LedgerList<T> {
  /** The list's operation in the ledger-query document. */
  operationId: string;
  path: string;
  /** The key of the item array in the answer. */
  listKey: string;
  /** Rule of the list's envelope (200 with the item array). */
  envelope: string;
  /** The filter on the sort key, which links.next also moves as its cursor. */
  cursor: string;
  /** The order without an `order` parameter (4.1: asc; the transaction list: desc, reference notes). */
  defaultOrder: 'asc' | 'desc';
  sortKey: SortKey<T>;
}

export const SCHEDULE_LIST: LedgerList<Schedule> = {
  operationId: 'listSchedules',
  path: '/api/v1/schedules',
  listKey: 'schedules',
  envelope: 'LQ-4.1-schedules-envelope',
  cursor: 'schedule.id',
  defaultOrder: 'asc',
  sortKey: { name: 'schedule_id', key: (s) => s.schedule_id, compare: compareEntityIds },
};

export const TRANSACTION_LIST: LedgerList<Transaction> = {
  operationId: 'listTransactions',
  path: '/api/v1/transactions',
  listKey: 'transactions',
  envelope: 'LQ-4.2-transactions-envelope',
  cursor: 'timestamp',
  defaultOrder: 'desc',
  sortKey: { name: 'consensus_timestamp', key: (tx) => tx.consensus_timestamp, compare: compareDecimalText },
};
