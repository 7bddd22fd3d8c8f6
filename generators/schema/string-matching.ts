import fc from 'fast-check';

const built = new Map<string, fc.Arbitrary<string>>();

/**
 * fc.stringMatching, built once per regular expression: building one tries fast-check's stock
 * strings against the regex's character classes (an error thrown per miss), milliseconds each, and
 * arbitraries built per test or per generated value paid it every time. Arbitraries are immutable.
 */
export function stringMatchingArbitrary(regex: RegExp): fc.Arbitrary<string> {
  const key = `${regex.flags}/${regex.source}`;
  let arbitrary = built.get(key);
  if (!arbitrary) built.set(key, (arbitrary = fc.stringMatching(regex)));
  return arbitrary;
}
