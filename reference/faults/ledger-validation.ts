// Query-service faults on parameter validation: malformed values accepted (silently dropped, as lax
// parsers do) and well-formed values refused, on the schedule and transaction lists (4.1, 4.2).
import { TRANSACTION_TYPES } from '../../fixtures/ledger/transaction-types.ts';
import type { Layer } from './layer.ts';
import { dropQuery, isGet, ledgerError, queryValues, splitOperator } from './layer-tools.ts';

const ENTITY_ID = /^((gte?|lte?|eq|ne):)?(\d{1,10}\.\d{1,10}\.)?\d{1,10}$/i;
const TIMESTAMP = /^((eq|gt|gte|lt|lte|ne):)?\d{1,10}(\.\d{1,9})?$/i;

export const LEDGER_VALIDATION_FAULTS: Layer[] = [
  {
    name: 'schedules-account-id-invalid-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4.1-account-id-pattern', 'LQ-4.1-invalid-parameter-400'],
    description: 'The schedule list ignores a malformed account.id instead of refusing it with 400.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) dropQuery(req, (name, value) => name === 'account.id' && !ENTITY_ID.test(value));
    },
  },
  {
    name: 'schedules-schedule-id-invalid-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4.1-schedule-id-pattern', 'LQ-4.1-invalid-parameter-400'],
    description: 'The schedule list ignores a malformed schedule.id instead of refusing it with 400.',
    request(req) {
      if (isGet(req, '/api/v1/schedules')) dropQuery(req, (name, value) => name === 'schedule.id' && !ENTITY_ID.test(value));
    },
  },
  {
    name: 'schedules-account-id-bare-refused',
    interface: 'ledger-query',
    rules: ['LQ-4.1-account-id-pattern', 'LQ-2.1-bare-account-number'],
    description: 'The schedule list refuses account.id given as a bare account number (no shard.realm) with 400.',
    request(req) {
      if (isGet(req, '/api/v1/schedules') && queryValues(req, 'account.id').some((v) => /^\d+$/.test(splitOperator(v).operand))) {
        return ledgerError(400, 'Invalid parameter: account.id');
      }
    },
  },
  {
    name: 'transactions-account-id-long-parts-accepted',
    interface: 'ledger-query',
    rules: ['LQ-4.1-account-id-pattern', 'LQ-4.2-invalid-parameter-400'],
    description: 'The transaction list ignores an account.id whose parts have more than 10 digits instead of refusing it.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) dropQuery(req, (name, value) => name === 'account.id' && !ENTITY_ID.test(value));
    },
  },
  {
    name: 'transactions-timestamp-invalid-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4.2-timestamp-pattern', 'LQ-4.2-invalid-parameter-400'],
    description: 'The transaction list ignores a malformed timestamp instead of refusing it with 400.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) dropQuery(req, (name, value) => name === 'timestamp' && !TIMESTAMP.test(value));
    },
  },
  {
    name: 'transactions-timestamp-fraction-refused',
    interface: 'ledger-query',
    rules: ['LQ-4.2-timestamp-pattern'],
    description: 'The transaction list refuses a timestamp with a nanosecond fraction (seconds.nanos) with 400.',
    request(req) {
      if (isGet(req, '/api/v1/transactions') && queryValues(req, 'timestamp').some((v) => v.includes('.'))) return ledgerError(400, 'Invalid parameter: timestamp');
    },
  },
  {
    name: 'transactions-type-unknown-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4.2-transaction-type-values', 'LQ-4.2-invalid-parameter-400'],
    description: 'The transaction list ignores a transactiontype that is no transaction type instead of refusing it.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) dropQuery(req, (name, value) => name === 'transactiontype' && !(TRANSACTION_TYPES as readonly string[]).includes(value.toUpperCase()));
    },
  },
  {
    name: 'transactions-result-invalid-ignored',
    interface: 'ledger-query',
    rules: ['LQ-4.2-result-values', 'LQ-4.2-invalid-parameter-400'],
    description: 'The transaction list ignores a result value other than success or fail instead of refusing it.',
    request(req) {
      if (isGet(req, '/api/v1/transactions')) dropQuery(req, (name, value) => name === 'result' && !/^(success|fail)$/i.test(value));
    },
  },
  {
    name: 'transactions-debit-refused',
    interface: 'ledger-query',
    rules: ['LQ-4.2-credit-debit-values'],
    description: 'The transaction list refuses type=debit with 400 (only credit is implemented).',
    request(req) {
      if (isGet(req, '/api/v1/transactions') && queryValues(req, 'type').some((v) => v.toLowerCase() === 'debit')) return ledgerError(400, 'Invalid parameter: type');
    },
  },
];
