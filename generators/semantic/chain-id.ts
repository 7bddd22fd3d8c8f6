import fc from 'fast-check';
import { stringMatchingArbitrary } from '../schema/string-matching.ts';

/** Chain ids of the network family (reference notes); the public verifier supports mainnet and testnet. */
const KNOWN_CHAIN_IDS = { mainnet: '295', testnet: '296', previewnet: '297', local: '298' } as const;

/** The verification path's chainId: 1 to 20 decimal digits. Any such text is well-formed; few are supported. */
export function chainIdArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...Object.values(KNOWN_CHAIN_IDS), '1', '9'.repeat(20)), stringMatchingArbitrary(/^\d{1,20}$/));
}

/** Not a chainId: 21 digits, hex, a sign, a decimal point, letters, surrounding space. */
export function invalidChainIdArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('1'.repeat(21), '0x127', '-296', '+296', '296.0', 'testnet', ' 296', '296 ', '2 96');
}
