import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringMatchingArbitrary } from './string-matching.ts';

describe('stringMatchingArbitrary', () => {
  it('builds one arbitrary per regular expression, flags included', () => {
    expect(stringMatchingArbitrary(/^[0-9a-f]{40}$/)).toBe(stringMatchingArbitrary(new RegExp('^[0-9a-f]{40}$')));
    expect(stringMatchingArbitrary(/^.{3}$/s)).not.toBe(stringMatchingArbitrary(/^.{3}$/));
  });

  it('generates what fc.stringMatching generates, seed for seed', () => {
    const regex = /^[0-9a-fA-F]{40}$/;
    const ours = fc.sample(stringMatchingArbitrary(regex), { seed: 42, numRuns: 50 });
    expect(ours).toEqual(fc.sample(fc.stringMatching(regex), { seed: 42, numRuns: 50 }));
    expect(ours.every((s) => regex.test(s))).toBe(true);
  });
});
