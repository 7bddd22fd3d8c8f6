import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { specPath } from '../../src/spec/load-spec.ts';

/** The transaction type names of contract section 4.2, read from the spec so the two cannot drift apart. */
export const TRANSACTION_TYPES: readonly string[] = (() => {
  const doc = parseYaml(readFileSync(specPath('ledger-query'), 'utf8')) as { components: { schemas: Record<string, { enum?: string[] }> } };
  const names = doc.components.schemas.TransactionTypeName?.enum;
  if (!names?.length) throw new Error('specs/ledger-query.openapi.yaml has no TransactionTypeName enum');
  return names;
})();

export type TransactionType = string;

/** One transaction type name, written as the contract writes it. */
export function transactionTypeArbitrary(): fc.Arbitrary<TransactionType> {
  return fc.constantFrom(...TRANSACTION_TYPES);
}

/** Names that are not types: near misses and spaced names (case variants are left to the schema layer's labels). */
export function invalidTransactionTypeArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('CRYPTO_TRANSFER', 'CRYPTOTRANSFERS', 'TRANSFER', 'CONTRACTCREATE', 'TOKENCREATE', ' CRYPTOTRANSFER', '');
}
