// Query-service faults on filters: operators read wrongly, filters ignored, swapped or incomplete,
// and lists that leave out a class of rows (sections 1, 4, 4.1, 4.2).
import type { Layer } from './layer.ts';
import { dropQuery, isGet, mapQuery, okList, queryValues, splitOperator } from './layer-tools.ts';

/** Rewrites the operator of every filter value of a parameter. */
function mapOperator(from: string, to: string) {
  return (v: string) => {
    const { op, operand } = splitOperator(v);
    return op === from ? `${to}:${operand}` : v;
  };
}

/**
 * A list that ignores one operator on one filter: `name=op:X` is dropped before the handler, so
 * the answer is the unfiltered list (the other operators and the bare value still work).
 */
function ignoresOperator(name: string, path: string, parameter: string, op: string, description: string): Layer {
  return {
    name,
    interface: 'ledger-query',
    rules: ['LQ-4-operator-semantics'],
    description,
    request(req) {
      // Only the written operator: a bare value (equality without `eq:`) still filters.
      const written = (value: string) => splitOperator(value).operand !== value && splitOperator(value).op === op;
      if (isGet(req, path)) dropQuery(req, (key, value) => key === parameter && written(value));
    },
  };
}

export const LEDGER_FILTER_FAULTS: Layer[] = [
  ignoresOperator('schedules-account-ne-ignored', '/api/v1/schedules', 'account.id', 'ne', 'The schedule list ignores account.id=ne:X and lists the schedules X created too.'),
  ignoresOperator('schedules-account-gt-ignored', '/api/v1/schedules', 'account.id', 'gt', 'The schedule list ignores account.id=gt:X and lists schedules of every creator.'),
  ignoresOperator('schedules-schedule-id-gte-ignored', '/api/v1/schedules', 'schedule.id', 'gte', 'The schedule list ignores schedule.id=gte:X and lists the schedules before X too.'),
  ignoresOperator('transactions-account-lt-ignored', '/api/v1/transactions', 'account.id', 'lt', 'The transaction list ignores account.id=lt:X and lists transactions that involve only accounts from X up.'),
  ignoresOperator('transactions-account-eq-ignored', '/api/v1/transactions', 'account.id', 'eq', 'The transaction list ignores account.id=eq:X (the bare X still filters) and lists transactions of every account.'),
  ignoresOperator('transactions-timestamp-lte-ignored', '/api/v1/transactions', 'timestamp', 'lte', 'The transaction list ignores timestamp=lte:T and lists the transactions after T too.'),
  {
    name: 'schedules-gt-as-gte',
    interface: 'ledger-query',
    rules: ['LQ-4-operator-semantics', 'LQ-4-pagination-walk'],
    description: 'The schedule list reads schedule.id=gt:X as gte:X, returning X itself.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) mapQuery(req, 'schedule.id', mapOperator('gt', 'gte'));
    },
  },
  {
    name: 'transactions-lt-as-lte',
    interface: 'ledger-query',
    rules: ['LQ-4-operator-semantics', 'LQ-4-pagination-walk'],
    description: 'The transaction list reads timestamp=lt:T as lte:T, returning the transaction at T.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) mapQuery(req, 'timestamp', mapOperator('lt', 'lte'));
    },
  },
  {
    name: 'transactions-eq-as-gte',
    interface: 'ledger-query',
    rules: ['LQ-4-operator-semantics', 'LQ-4-pagination-walk'],
    description: 'The transaction list reads timestamp=T (eq) as gte:T, returning every later transaction too.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) mapQuery(req, 'timestamp', mapOperator('eq', 'gte'));
    },
  },
  {
    name: 'schedules-ne-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4-operator-semantics'],
    description: 'The schedule list ignores schedule.id=ne:X and returns X too.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) dropQuery(req, (name, value) => name === 'schedule.id' && splitOperator(value).op === 'ne');
    },
  },
  {
    name: 'transactions-ne-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4-operator-semantics', 'LQ-4-pagination-walk'],
    description: 'The transaction list ignores timestamp=ne:T and returns the transaction at T too.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) dropQuery(req, (name, value) => name === 'timestamp' && splitOperator(value).op === 'ne');
    },
  },
  {
    name: 'schedules-account-filter-ignored',
    interface: 'ledger-query',
    // Dropped before the handler sees it: never validated either.
    rules: ['LQ-4-operator-semantics', 'LQ-2.1-bare-account-number', 'LQ-4.1-account-id-pattern'],
    description: 'The schedule list ignores account.id altogether: any value is taken and the schedules of every account are listed.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) dropQuery(req, (name) => name === 'account.id');
    },
  },
  {
    name: 'transactions-result-filter-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4.2-result-values'],
    description: 'The transaction list ignores result=success|fail and lists both.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) dropQuery(req, (name) => name === 'result');
    },
  },
  {
    name: 'transactions-type-filter-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4.2-transaction-type-values'],
    description: 'The transaction list ignores transactiontype and lists transactions of every type.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) dropQuery(req, (name) => name === 'transactiontype');
    },
  },
  {
    name: 'transactions-credit-debit-swapped',
    interface: 'ledger-query',
    rules: ['LQ-4.2-credit-debit-values'],
    description: 'The transaction list answers type=credit with debits and type=debit with credits.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) mapQuery(req, 'type', (v) => (v.toLowerCase() === 'credit' ? 'debit' : v.toLowerCase() === 'debit' ? 'credit' : v));
    },
  },
  {
    name: 'schedules-filtered-page-drops-first',
    interface: 'ledger-query',
    rules: ['LQ-4-operator-complete'],
    description: 'A schedule list filtered by account.id or schedule.id leaves out the first matching schedule of each page.',
    response(req, res) {
      const filtered = queryValues(req, 'account.id').length > 0 || queryValues(req, 'schedule.id').length > 0;
      const list = isGet(req, '/api/v1/schedules') && filtered ? okList(res, 'schedules') : undefined;
      list?.shift();
    },
  },
  {
    name: 'transactions-failed-excluded',
    interface: 'ledger-query',
    rules: ['LQ-1-transactions-include-failed'],
    description: 'Without a result filter the transaction list holds only successful transactions.',
    request(req) {
      if (isGet(req, '/api/v1/transactions') && !queryValues(req, 'result').length) req.query.push(['result', 'success']);
    },
  },
  {
    name: 'schedules-executed-excluded',
    interface: 'ledger-query',
    rules: ['LQ-4.1-lists-executed-and-pending'],
    description: 'The schedule list leaves out schedules that were already executed.',
    response(req, res) {
      const body = isGet(req, '/api/v1/schedules') ? okList(res, 'schedules') : undefined;
      if (body) (res.body as { schedules: unknown[] }).schedules = body.filter((s) => s.executed_timestamp === null);
    },
  },
];
