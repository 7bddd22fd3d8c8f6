import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, findParameter, requestBodySchema } from '../../specs/operations.ts';
import { parameterSchema } from '../requests/parameter-schema.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import { ajvKeywords } from '../test-support/ajv-keywords.ts';
import { blockTagArbitrary, invalidBlockTagArbitrary } from './block-tag.ts';
import { chainIdArbitrary, invalidChainIdArbitrary } from './chain-id.ts';
import { compilerVersionArbitrary, invalidCompilerVersionArbitrary } from './compiler-version.ts';
import { contractIdentifierArbitrary, invalidContractIdentifierArbitrary } from './contract-identifier.ts';
import { CREDIT_DEBIT, creditDebitArbitrary, invalidCreditDebitArbitrary } from './credit-debit.ts';
import { accountIdTextArbitrary, entityIdArbitrary, invalidEntityIdArbitrary } from './entity-id.ts';
import { evmAddressArbitrary, invalidEvmAddressArbitrary } from './evm-address.ts';
import { CALL_DATA_MAX_CHARACTERS, hexDataArbitrary, longestCallData, tooLongCallData } from './hex-data.ts';
import { invalidOperatorFilterArbitrary, operatorFilterArbitrary } from './operator-filter.ts';
import { invalidTimestampArbitrary, timestampArbitrary } from './timestamp.ts';
import { evmTransactionHashArbitrary, invalidEvmTransactionHashArbitrary, ledgerTransactionHashArbitrary } from './transaction-hash.ts';
import { invalidTransactionIdArbitrary, transactionIdArbitrary } from './transaction-id.ts';
import { invalidTransactionResultArbitrary, TRANSACTION_RESULTS, transactionResultArbitrary } from './transaction-result.ts';
import { invalidTransactionTypeArbitrary, transactionTypeArbitrary } from './transaction-type.ts';

const ledger = await loadSpec('ledger-query');
const verify = await loadSpec('verify');
const param = (doc: typeof ledger, operationId: string, name: string) => parameterSchema(findParameter(findOperation(doc, operationId), name));
const callField = (name: string) => (requestBodySchema(findOperation(ledger, 'callContract')) as SchemaNode).properties![name];
const verifyField = (name: string) => (requestBodySchema(findOperation(verify, 'submitVerification')) as SchemaNode).properties![name];
const component = (name: string) => ledger.components!.schemas![name] as SchemaNode;

interface Pairing {
  name: string;
  schema: SchemaNode;
  encoding: 'text' | 'json';
  valid: fc.Arbitrary<string>;
  invalid: fc.Arbitrary<string>;
}

const pairings: Pairing[] = [
  { name: 'EntityId (topic path)', schema: param(ledger, 'getTopic', 'topicId'), encoding: 'text', valid: entityIdArbitrary(), invalid: invalidEntityIdArbitrary() },
  { name: 'account.id with operators', schema: param(ledger, 'listSchedules', 'account.id'), encoding: 'text', valid: operatorFilterArbitrary(accountIdTextArbitrary()), invalid: invalidOperatorFilterArbitrary(accountIdTextArbitrary()) },
  { name: 'timestamp with operators', schema: param(ledger, 'listTransactions', 'timestamp'), encoding: 'text', valid: operatorFilterArbitrary(timestampArbitrary()), invalid: invalidOperatorFilterArbitrary(timestampArbitrary()) },
  { name: 'Timestamp', schema: component('Timestamp'), encoding: 'json', valid: timestampArbitrary({ nanos: 'padded' }), invalid: invalidTimestampArbitrary() },
  { name: 'TransactionId', schema: component('TransactionId'), encoding: 'json', valid: transactionIdArbitrary(), invalid: invalidTransactionIdArbitrary() },
  { name: 'transaction type', schema: param(ledger, 'listTransactions', 'transactiontype'), encoding: 'text', valid: transactionTypeArbitrary(), invalid: invalidTransactionTypeArbitrary() },
  { name: 'result', schema: param(ledger, 'listTransactions', 'result'), encoding: 'text', valid: transactionResultArbitrary(), invalid: invalidTransactionResultArbitrary() },
  { name: 'credit/debit', schema: param(ledger, 'listTransactions', 'type'), encoding: 'text', valid: creditDebitArbitrary(), invalid: invalidCreditDebitArbitrary() },
  { name: 'call to address', schema: callField('to'), encoding: 'json', valid: evmAddressArbitrary(), invalid: invalidEvmAddressArbitrary() },
  { name: 'call data', schema: callField('data'), encoding: 'json', valid: hexDataArbitrary(), invalid: fc.constantFrom('0x', 'xyz', '0x0g', ' 0x00', '', tooLongCallData()) },
  { name: 'call block', schema: callField('block'), encoding: 'json', valid: blockTagArbitrary(), invalid: invalidBlockTagArbitrary() },
  { name: 'verification address', schema: param(verify, 'submitVerification', 'address'), encoding: 'text', valid: evmAddressArbitrary({ prefix: 'with' }), invalid: invalidEvmAddressArbitrary() },
  { name: 'chainId', schema: param(verify, 'submitVerification', 'chainId'), encoding: 'text', valid: chainIdArbitrary(), invalid: invalidChainIdArbitrary() },
  { name: 'compilerVersion', schema: verifyField('compilerVersion'), encoding: 'json', valid: compilerVersionArbitrary(), invalid: invalidCompilerVersionArbitrary() },
  { name: 'contractIdentifier', schema: verifyField('contractIdentifier'), encoding: 'json', valid: contractIdentifierArbitrary(), invalid: invalidContractIdentifierArbitrary() },
  { name: 'creationTransactionHash', schema: verifyField('creationTransactionHash'), encoding: 'json', valid: evmTransactionHashArbitrary(), invalid: invalidEvmTransactionHashArbitrary() },
];

const settings = { seed: 5150, numRuns: 100 };

describe.each(pairings)('$name', ({ schema, encoding, valid, invalid }) => {
  it('yields values its spec schema accepts', () => {
    fc.assert(fc.property(valid, (value) => {
      expect(ajvKeywords(schema, encoding, value)).toEqual([]);
    }), settings);
  });

  it('yields near misses its spec schema rejects', () => {
    fc.assert(fc.property(invalid, (value) => {
      expect(ajvKeywords(schema, encoding, value)).not.toEqual([]);
    }), settings);
  });
});

describe('contract facts the semantic arbitraries restate', () => {
  it('lists the same results and credit/debit values as the spec', () => {
    expect([...TRANSACTION_RESULTS]).toEqual(param(ledger, 'listTransactions', 'result').enum);
    expect([...CREDIT_DEBIT]).toEqual(param(ledger, 'listTransactions', 'type').enum);
  });

  it('writes the longest call data as 0x and 131072 bytes, and one character more past it', () => {
    expect(longestCallData()).toHaveLength(CALL_DATA_MAX_CHARACTERS);
    expect(CALL_DATA_MAX_CHARACTERS).toBe(262146);
    expect(ajvKeywords(callField('data'), 'json', longestCallData())).toEqual([]);
    expect(ajvKeywords(callField('data'), 'json', tooLongCallData())).toEqual(['maxLength']);
  });

  it('writes call data as whole bytes', () => {
    fc.assert(fc.property(hexDataArbitrary(), (data) => {
      expect(data.replace(/^0x/, '').length % 2).toBe(0);
    }), settings);
  });

  it('writes a ledger transaction hash as 48 bytes, 0x optional', () => {
    fc.assert(fc.property(ledgerTransactionHashArbitrary(), (hash) => {
      expect(hash).toMatch(/^(0x)?[0-9a-f]{96}$/);
    }), settings);
  });

  it('gives account IDs in both request forms, bare number and full ID', () => {
    const forms = new Set(fc.sample(accountIdTextArbitrary(), { seed: 1, numRuns: 100 }).map((id) => (id.includes('.') ? 'full' : 'bare')));
    expect(forms).toEqual(new Set(['full', 'bare']));
  });

  it('gives addresses with and without 0x unless told', () => {
    const prefixes = new Set(fc.sample(evmAddressArbitrary(), { seed: 1, numRuns: 100 }).map((a) => a.startsWith('0x')));
    expect(prefixes).toEqual(new Set([true, false]));
    fc.assert(fc.property(evmAddressArbitrary({ prefix: 'without' }), (a) => {
      expect(a).toMatch(/^[0-9a-fA-F]{40}$/);
    }), settings);
  });
});
