import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatReplay, propertySettings } from './property-settings.ts';

describe('propertySettings', () => {
  it('takes the run seed and depth and keeps shrinking on', () => {
    expect(propertySettings({ seed: 42, depth: 17 })).toEqual({ seed: 42, numRuns: 17, endOnFailure: false });
  });

  it('rejects a seed or depth that is not a usable number', () => {
    expect(() => propertySettings({ seed: 1.5, depth: 10 })).toThrow(/seed/);
    expect(() => propertySettings({ seed: 1, depth: 0 })).toThrow(/depth/);
  });

  it('makes two runs with the same seed generate the same values', () => {
    const seen = (seed: number) => {
      const values: number[] = [];
      fc.assert(fc.property(fc.integer(), (n) => void values.push(n)), propertySettings({ seed, depth: 20 }));
      return values;
    };
    expect(seen(7)).toEqual(seen(7));
    expect(seen(7)).not.toEqual(seen(8));
  });
});

describe('formatReplay', () => {
  const failing = fc.property(fc.integer({ min: 0, max: 1000 }), (n) => n < 500);

  it('says nothing for a passing run', () => {
    expect(formatReplay(fc.check(fc.property(fc.nat(), () => true), propertySettings({ seed: 3, depth: 10 })))).toBeUndefined();
  });

  it('names the seed, the shrink path and the shrunk counterexample', () => {
    const details = fc.check(failing, propertySettings({ seed: 3, depth: 200 }));
    const text = formatReplay(details);
    expect(text).toContain('--seed 3');
    expect(text).toContain(`path ${details.counterexamplePath}`);
    expect(text).toContain('counterexample [500]');
  });

  it('gives a path that replays the same counterexample', () => {
    const first = fc.check(failing, propertySettings({ seed: 11, depth: 200 }));
    const replay = fc.check(failing, propertySettings({ seed: 11, depth: 200, path: first.counterexamplePath ?? '' }));
    expect(replay.counterexample).toEqual(first.counterexample);
  });
});
