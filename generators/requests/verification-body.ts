import fc from 'fast-check';
import type { SchemaNode } from '../schema/schema-node.ts';
import { compilerVersionArbitrary } from '../semantic/compiler-version.ts';
import { contractIdentifierArbitrary } from '../semantic/contract-identifier.ts';
import { evmTransactionHashArbitrary } from '../semantic/transaction-hash.ts';
import { bodyArbitrary, type BodyCase } from './body-arbitrary.ts';

export interface VerificationBodyOptions {
  invalid?: boolean;
  includeAmbiguous?: boolean;
}

/** Standard compiler input whose single source defines the contract the identifier names. */
function coherentInput(identifier: string): Record<string, unknown> {
  const [path, name] = identifier.split(':');
  return {
    language: 'Solidity',
    sources: { [path]: { content: `// SPDX-License-Identifier: UNLICENSED\npragma solidity ^0.8.0;\ncontract ${name} {}\n` } },
    settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'metadata'] } } },
  };
}

/**
 * A `submitVerification` body (the VerificationRequest schema). Valid bodies are coherent (the
 * identifier names a contract in the sources, the version is a release), so a target can accept
 * them and start a job; whether the job matches a deployed contract is the suite's business.
 * Invalid bodies break one field, or leave out a required one.
 */
export function verificationBodyArbitrary(schema: SchemaNode, options: VerificationBodyOptions = {}): fc.Arbitrary<BodyCase> {
  const whole = fc
    .record(
      { identifier: contractIdentifierArbitrary(), compilerVersion: compilerVersionArbitrary(), creationTransactionHash: evmTransactionHashArbitrary() },
      { requiredKeys: ['identifier', 'compilerVersion'] },
    )
    .map(({ identifier, ...rest }) => ({ stdJsonInput: coherentInput(identifier), contractIdentifier: identifier, ...rest }));
  const overrides: Record<string, fc.Arbitrary<unknown>> = {
    '': whole,
    '/stdJsonInput': contractIdentifierArbitrary().map(coherentInput),
    '/compilerVersion': compilerVersionArbitrary(),
    '/contractIdentifier': contractIdentifierArbitrary(),
    '/creationTransactionHash': evmTransactionHashArbitrary(),
  };
  return bodyArbitrary(schema, { invalid: options.invalid, overrides, includeAmbiguous: options.includeAmbiguous });
}
