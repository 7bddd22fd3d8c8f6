import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadSpec } from '../../specs/load-spec.ts';

/** The transaction type names of contract section 4.2, read from the spec so the two cannot drift apart. */
async function transactionTypeNames(): Promise<string[]> {
  const schema = (await loadSpec('ledger-query')).components?.schemas?.TransactionTypeName as OpenAPIV3_1.SchemaObject | undefined;
  const names = schema?.enum as string[] | undefined;
  if (!names?.length) throw new Error('specs/ledger-query.openapi.yaml has no TransactionTypeName enum');
  return names;
}

const TRANSACTION_TYPES = await transactionTypeNames();

/** One transaction type name, written as the contract writes it. */
export function transactionTypeArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom(...TRANSACTION_TYPES);
}

/** Names that are not types: near misses and spaced names (case variants are left to the schema layer's labels). */
export function invalidTransactionTypeArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('CRYPTO_TRANSFER', 'CRYPTOTRANSFERS', 'TRANSFER', 'CONTRACTCREATE', 'TOKENCREATE', ' CRYPTOTRANSFER', '');
}
