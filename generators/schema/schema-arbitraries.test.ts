import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ajvKeywords, claimedKeywords } from '../test-support/ajv-keywords.ts';
import { coveredSchemas } from '../test-support/covered-schemas.ts';
import { boundaryCases } from './boundary-cases.ts';
import { failingKeywords } from './failing-keywords.ts';
import { decodeValue } from './case-labels.ts';
import { ALL_KEYWORDS, KEYWORD_HITS, KEYWORD_RUNS, invalidArbitrary, invalidKeywords, keywordHits } from './invalid-arbitrary.ts';
import { rulesOf } from './schema-node.ts';
import { validArbitrary } from './valid-arbitrary.ts';

const covered = await coveredSchemas();
// Enough cases to reach every keyword's generator; the 262146-character `data` values come from a
// short boundary list, so they stay few.
const settings = { seed: 20240601, numRuns: 60 };

describe.each(covered)('$label ($encoding)', ({ schema, encoding, rules }) => {
  it('yields valid values the ajv checker accepts', () => {
    fc.assert(fc.property(validArbitrary(schema, encoding), (value) => {
      expect(ajvKeywords(schema, encoding, value)).toEqual([]);
    }), settings);
  });

  it('yields invalid values that fail the ajv checker for exactly the keyword they claim, with the rule ids', () => {
    const expectedRules = rulesOf({ 'x-rules': rules }, schema);
    fc.assert(
      fc.property(invalidArbitrary(schema, encoding, { rules }), (invalid) => {
        expect(invalid.alsoViolates).toBeUndefined();
        expect(ajvKeywords(schema, encoding, invalid.value)).toEqual([invalid.violates]);
        expect(invalid.rules).toEqual(expect.arrayContaining(expectedRules));
      }),
      settings,
    );
  });

  it('reaches every keyword it says can be broken on its own', () => {
    const reached = new Set(fc.sample(invalidArbitrary(schema, encoding), { seed: 1, numRuns: 300 }).map((c) => c.violates));
    expect([...reached].sort()).toEqual([...invalidKeywords(schema, encoding)].sort());
  });

  it('breaks on its own the keywords that 5 of the first 100 candidates break alone, though it looks at fewer first', () => {
    for (const includeAmbiguous of [true, false]) {
      const counted = ALL_KEYWORDS.filter((keyword) => keywordHits(schema, encoding, keyword, includeAmbiguous)(KEYWORD_RUNS) >= KEYWORD_HITS);
      expect(invalidKeywords(schema, encoding, { includeAmbiguous }), `includeAmbiguous ${includeAmbiguous}`).toEqual(counted);
    }
    // What a first look rests on: a sample with a seed is the start of any longer one with that seed.
    const arbitrary = invalidArbitrary(schema, encoding);
    expect(fc.sample(arbitrary, { seed: 7, numRuns: 30 })).toEqual(fc.sample(arbitrary, { seed: 7, numRuns: KEYWORD_RUNS }).slice(0, 30));
  });

  it('sorts its boundary values honestly: valid ones pass, invalid ones fail for exactly what they claim', () => {
    const { valid, invalid } = boundaryCases(schema, encoding, { rules });
    expect(valid.length + invalid.length).toBeGreaterThan(0);
    for (const value of valid) expect(ajvKeywords(schema, encoding, value)).toEqual([]);
    for (const c of invalid) expect(ajvKeywords(schema, encoding, c.value)).toEqual(claimedKeywords(c));
  });

  it('agrees with ajv on which keywords any value breaks', () => {
    const anything = fc.oneof(validArbitrary(schema, encoding), invalidArbitrary(schema, encoding).map((c) => c.value), encoding === 'text' ? fc.string() : fc.jsonValue());
    fc.assert(
      fc.property(anything, (value) => {
        expect([...failingKeywords(schema, decodeValue(schema, encoding, value))].sort()).toEqual(ajvKeywords(schema, encoding, value));
      }),
      settings,
    );
  });
});
