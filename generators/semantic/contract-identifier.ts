import fc from 'fast-check';
import { stringMatchingArbitrary } from '../schema/string-matching.ts';

const identifier = stringMatchingArbitrary(/^[A-Z][A-Za-z0-9_]{0,15}$/);
const directory = stringMatchingArbitrary(/^[a-z][a-z0-9_-]{0,8}$/);

/** A source path `dir/.../File.sol` (one to three directories). */
function sourcePathArbitrary(): fc.Arbitrary<string> {
  return fc.tuple(fc.array(directory, { minLength: 1, maxLength: 3 }), identifier).map(([dirs, file]) => `${dirs.join('/')}/${file}.sol`);
}

/** `path/to/File.sol:ContractName`, the contract's form of a contract identifier. */
export function contractIdentifierArbitrary(): fc.Arbitrary<string> {
  return fc.tuple(sourcePathArbitrary(), identifier).map(([path, name]) => `${path}:${name}`);
}

/** Not an identifier: no colon, an empty path or name, two colons, a name starting with a digit. */
export function invalidContractIdentifierArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('contracts/Token.sol', ':Token', 'contracts/Token.sol:', 'a:b:Token', 'contracts/Token.sol:1Token', 'contracts/Token.sol:To ken', '');
}
