import fc from 'fast-check';

/** The account balance modification filter values of contract section 4.2. */
export const CREDIT_DEBIT = ['credit', 'debit'] as const;

export function creditDebitArbitrary(): fc.Arbitrary<(typeof CREDIT_DEBIT)[number]> {
  return fc.constantFrom(...CREDIT_DEBIT);
}

/** Not a modification type: near misses and neighbouring words. */
export function invalidCreditDebitArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('credits', 'debits', 'cr', 'transfer', 'both', '');
}
