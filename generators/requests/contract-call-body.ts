import fc from 'fast-check';
import { boundaryCases } from '../schema/boundary-cases.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import { blockTagArbitrary } from '../semantic/block-tag.ts';
import { evmAddressArbitrary } from '../semantic/evm-address.ts';
import { hexDataArbitrary } from '../semantic/hex-data.ts';
import { bodyArbitrary, type BodyCase } from './body-arbitrary.ts';

export interface ContractCallBodyOptions {
  invalid?: boolean;
  /** Addresses to call (a deployed contract on the target); default any well-formed address. */
  to?: fc.Arbitrary<string>;
  includeAmbiguous?: boolean;
}

/**
 * A `callContract` body (the ContractCallRequest schema): schema-driven, with semantic values where
 * the schema allows more than a target can act on (whole bytes of call data, near block numbers),
 * the schema's boundary values (the longest `data`, gas 0 and 15000000) still among them.
 */
export function contractCallBodyArbitrary(schema: SchemaNode, options: ContractCallBodyOptions = {}): fc.Arbitrary<BodyCase> {
  const properties = schema.properties ?? {};
  const withEdges = (name: string, semantic: fc.Arbitrary<unknown>) => {
    const edges = properties[name] ? boundaryCases(properties[name], 'json').valid : [];
    return edges.length === 0 ? semantic : fc.oneof({ arbitrary: semantic, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 1 });
  };
  const overrides: Record<string, fc.Arbitrary<unknown>> = {
    '/to': options.to ?? evmAddressArbitrary(),
    '/from': withEdges('from', evmAddressArbitrary()),
    '/data': withEdges('data', hexDataArbitrary()),
    '/block': withEdges('block', blockTagArbitrary()),
  };
  return bodyArbitrary(schema, { invalid: options.invalid, overrides, includeAmbiguous: options.includeAmbiguous });
}
