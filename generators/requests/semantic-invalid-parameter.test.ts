import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation } from '../../specs/operations.ts';
import { ajvKeywords, claimedKeywords } from '../test-support/ajv-keywords.ts';
import { parameterSchema } from './parameter-schema.ts';
import { semanticInvalidParameterArbitrary } from './semantic-invalid-parameter.ts';

const ledger = await loadSpec('ledger-query');
const parameters = ['listSchedules', 'listTransactions', 'getTopic'].flatMap((id) => findOperation(ledger, id).parameters.map((p) => ({ label: `${id} ${p.name}`, p })));

const withMistakes = parameters.flatMap(({ label, p }) => {
  const arbitrary = semanticInvalidParameterArbitrary(p);
  return arbitrary ? [{ label, p, arbitrary }] : [];
});

describe.each(withMistakes)('semanticInvalidParameterArbitrary for $label', ({ p, arbitrary }) => {
  it('yields unambiguous mistakes that fail the parameter schema for what they claim', () => {
    fc.assert(
      fc.property(arbitrary, (invalid) => {
        expect(invalid.name).toBe(p.name);
        expect(invalid.caseVariant ?? invalid.emptyText).toBeUndefined();
        expect(ajvKeywords(parameterSchema(p), 'text', invalid.value)).toEqual(claimedKeywords(invalid));
      }),
      { seed: 77, numRuns: 60 },
    );
  });
});

it('has mistakes for the ID, timestamp and filter-word parameters, none for limit and order', () => {
  const covered = withMistakes.map(({ label }) => label);
  expect(covered).toEqual(expect.arrayContaining(['listSchedules account.id', 'listTransactions timestamp', 'listTransactions transactiontype', 'getTopic topicId']));
  expect(covered.some((label) => label.endsWith(' limit') || label.endsWith(' order'))).toBe(false);
});
