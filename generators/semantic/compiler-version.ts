import fc from 'fast-check';
import { stringMatchingArbitrary } from '../schema/string-matching.ts';

/** The compiler the npm `solc` package of this project bundles (it compiles offline). */
const BUNDLED_COMPILER_VERSION = 'v0.8.37+commit.f401782d';

/** `v?MAJOR.MINOR.PATCH` with an optional `+commit.<8 hex>` build, as `^v?\d+\.\d+\.\d+.*$` allows. */
export function compilerVersionArbitrary(): fc.Arbitrary<string> {
  const release = fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 4, max: 8 }), fc.integer({ min: 0, max: 40 }));
  const build = fc.option(stringMatchingArbitrary(/^[0-9a-f]{8}$/).map((commit) => `+commit.${commit}`), { nil: '' });
  const generated = fc.tuple(fc.constantFrom('', 'v'), release, build).map(([v, [major, minor, patch], b]) => `${v}${major}.${minor}.${patch}${b}`);
  return fc.oneof(fc.constantFrom(BUNDLED_COMPILER_VERSION, '0.8.37'), generated);
}

/** Not a version by the pattern: two parts, a word, a leading space, a `V`. */
export function invalidCompilerVersionArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('0.8', 'latest', ' 0.8.37', 'V0.8.37', 'v.0.8.37', '0.8.x', '');
}
