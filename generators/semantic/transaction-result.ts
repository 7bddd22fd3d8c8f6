import fc from 'fast-check';

/** The transaction success-type filter values of contract section 4.2. */
export const TRANSACTION_RESULTS = ['success', 'fail'] as const;

export function transactionResultArbitrary(): fc.Arbitrary<(typeof TRANSACTION_RESULTS)[number]> {
  return fc.constantFrom(...TRANSACTION_RESULTS);
}

/** Not a success type: outcome codes and near misses (`SUCCESS` is a result code, not a filter value). */
export function invalidTransactionResultArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('failure', 'succeeded', 'ok', 'SUCCESS_BUT_MISSING', 'true', '');
}
