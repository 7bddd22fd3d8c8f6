// Every named fault of the reference server, by group. Each names the contract rules that must catch it.
import type { Layer } from './layer.ts';
import { LEDGER_CONTRACT_CALL_FAULTS } from './ledger-contract-call.ts';
import { LEDGER_ERROR_FAULTS } from './ledger-errors.ts';
import { LEDGER_FIELD_FAULTS } from './ledger-fields.ts';
import { LEDGER_FILTER_FAULTS } from './ledger-filters.ts';
import { LEDGER_HTTP_FAULTS } from './ledger-http.ts';
import { LEDGER_LIMIT_FAULTS } from './ledger-limits.ts';
import { LEDGER_LOOKUP_FAULTS } from './ledger-lookups.ts';
import { LEDGER_ORDER_FAULTS } from './ledger-order.ts';
import { LEDGER_PAGINATION_FAULTS } from './ledger-pagination.ts';
import { LEDGER_VALIDATION_FAULTS } from './ledger-validation.ts';
import { STATUS_DOCUMENT_FAULTS } from './status-documents.ts';
import { STATUS_ENUM_FAULTS } from './status-enums.ts';
import { STATUS_SUBSET_FAULTS } from './status-subsets.ts';
import { VERIFY_ANSWER_FAULTS } from './verify-answers.ts';
import { VERIFY_IGNORED_FIELD_FAULTS } from './verify-ignored-fields.ts';
import { VERIFY_VALIDATION_FAULTS } from './verify-validation.ts';

export const FAULTS: Layer[] = [
  ...LEDGER_LIMIT_FAULTS,
  ...LEDGER_ORDER_FAULTS,
  ...LEDGER_VALIDATION_FAULTS,
  ...LEDGER_FILTER_FAULTS,
  ...LEDGER_PAGINATION_FAULTS,
  ...LEDGER_FIELD_FAULTS,
  ...LEDGER_ERROR_FAULTS,
  ...LEDGER_CONTRACT_CALL_FAULTS,
  ...LEDGER_HTTP_FAULTS,
  ...LEDGER_LOOKUP_FAULTS,
  ...STATUS_ENUM_FAULTS,
  ...STATUS_SUBSET_FAULTS,
  ...STATUS_DOCUMENT_FAULTS,
  ...VERIFY_VALIDATION_FAULTS,
  ...VERIFY_ANSWER_FAULTS,
  ...VERIFY_IGNORED_FIELD_FAULTS,
];
