// The files that hold a test taking turns across the run are spread through the queue so that
// about one worker runs them while the others take the rest, in vitest's order otherwise; which
// files they are, the sequencer reads from the tests' declarations.
import { describe, expect, it } from 'vitest';
import { laneOrder } from '../src/harness/turn-lane-sequencer.ts';
import { declaresTurns, TURN_REASONS } from '../src/harness/turns.ts';

const files = ['v1', 'a', 'b', 'v2', 'c', 'd', 'e', 'v3'];
const inLane = (f: string) => f.startsWith('v');

describe('laneOrder', () => {
  it('puts one lane file first, then one after every workers - 1 others, each group in its order', () => {
    expect(laneOrder(files, 3, inLane)).toEqual(['v1', 'a', 'b', 'v2', 'c', 'd', 'v3', 'e']);
    expect(laneOrder(files, 1, inLane)).toEqual(['v1', 'a', 'v2', 'b', 'v3', 'c', 'd', 'e']);
  });

  it('keeps every file once, with or without lane files', () => {
    expect(laneOrder(['a', 'b'], 3, inLane)).toEqual(['a', 'b']);
    expect(laneOrder(['v1', 'v2'], 3, inLane)).toEqual(['v1', 'v2']);
  });
});

describe('declaresTurns', () => {
  it('finds a test declared with a reason to take turns, whatever the other options', () => {
    for (const reason of TURN_REASONS) {
      expect(declaresTurns(`ruleTest('x', ['R'], async (t) => {}, { writes: true, turns: '${reason}', timeout: 240_000 });`)).toBe(true);
      expect(declaresTurns(`}, {turns:"${reason}"});`)).toBe(true);
    }
  });

  it('does not take a file whose tests declare no reason, or one it does not know, as taking turns', () => {
    expect(declaresTurns(`ruleTest('x', ['R'], async (t) => {}, { writes: true });`)).toBe(false);
    expect(declaresTurns(`}, { turns: 'sometimes' });`)).toBe(false);
    expect(declaresTurns(`}, { returns: 'known-sample' });`)).toBe(false);
  });
});
