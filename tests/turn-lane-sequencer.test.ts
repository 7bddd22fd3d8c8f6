// The files that hold a test taking turns across the run are spread through the queue so that
// about one worker runs them while the others take the rest, the one with most such tests first;
// the project's own test file that mostly waits on throttling targets starts first, and its long
// files lead the rest; vitest's order otherwise. Which files they are, the sequencer reads from the
// files' texts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { arrangeFiles, declaredLane, laneOrder, type FileTraits } from '../src/harness/turn-lane-sequencer.ts';
import { TURN_REASONS, turnsDeclared } from '../src/harness/turns.ts';

const files = ['v1', 'a', 'b', 'v2', 'c', 'd', 'e', 'v3'];
const inLane = (f: string) => (f.startsWith('v') ? 1 : 0);

describe('laneOrder', () => {
  it('puts one lane file first, then one after every workers - 1 others, each group in its order', () => {
    expect(laneOrder(files, 3, inLane)).toEqual(['v1', 'a', 'b', 'v2', 'c', 'd', 'v3', 'e']);
    expect(laneOrder(files, 1, inLane)).toEqual(['v1', 'a', 'v2', 'b', 'v3', 'c', 'd', 'e']);
  });

  it('takes the lane files with more tests taking turns first, ties in their order', () => {
    const turns = (f: string) => ({ v1: 1, v2: 6, v3: 2, v4: 2 })[f] ?? 0;
    expect(laneOrder(['v1', 'a', 'v3', 'b', 'v2', 'c', 'v4'], 2, turns)).toEqual(['v2', 'a', 'v3', 'b', 'v4', 'c', 'v1']);
  });

  it('keeps every file once, with or without lane files', () => {
    expect(laneOrder(['a', 'b'], 3, inLane)).toEqual(['a', 'b']);
    expect(laneOrder(['v1', 'v2'], 3, inLane)).toEqual(['v1', 'v2']);
  });
});

describe('turnsDeclared', () => {
  it('counts the tests declared with a reason to take turns, whatever the other options', () => {
    for (const reason of TURN_REASONS) {
      expect(turnsDeclared(`ruleTest('x', ['R'], async (t) => {}, { writes: true, turns: '${reason}', timeout: 240_000 });`)).toBe(1);
      expect(turnsDeclared(`}, {turns:"${reason}"});\n}, { turns: '${reason}', holds: firstSamplesHeld });`)).toBe(2);
    }
  });

  it('counts no test that declares no reason, or one it does not know', () => {
    expect(turnsDeclared(`ruleTest('x', ['R'], async (t) => {}, { writes: true });`)).toBe(0);
    expect(turnsDeclared(`}, { turns: 'sometimes' });`)).toBe(0);
    expect(turnsDeclared(`}, { returns: 'known-sample' });`)).toBe(0);
  });

  it('counts the acceptance file\'s tests that take turns above every other verification file\'s', () => {
    const count = (file: string) => turnsDeclared(readFileSync(new URL(`../suites/verify/${file}`, import.meta.url), 'utf8'));
    const others = ['body-validation', 'path-validation', 'error-codes', 'job-sequences', 'rate-limit'].map((f) => count(`${f}.test.ts`));
    expect(Math.min(...others)).toBeGreaterThan(0);
    expect(count('acceptance.test.ts')).toBeGreaterThan(Math.max(...others));
  });
});

describe('declaredLane', () => {
  it('reads the lane comment on a line of its own, and nothing else', () => {
    expect(declaredLane('// lane: waits-on-target (Retry-After seconds).\nimport x from "y";')).toBe('waits-on-target');
    expect(declaredLane('import x from "y";\n// lane: long (many CLI runs)\n')).toBe('long');
    expect(declaredLane('const s = "// lane: long";')).toBeUndefined();
    expect(declaredLane('// lane: longer\n')).toBeUndefined();
    expect(declaredLane('import x from "y";\n')).toBeUndefined();
  });

  it('finds the mark in the file of the project\'s own tests that waits out throttling targets', () => {
    expect(declaredLane(readFileSync(new URL('production/throttling.test.ts', import.meta.url), 'utf8'))).toBe('waits-on-target');
  });
});

describe('arrangeFiles', () => {
  // Conformance files c*, the turn-holding ones ct*; the project's own s*, the waiting one sw*, long ones sl*.
  const traits: FileTraits<string> = {
    project: (f) => (f.startsWith('c') ? 'conformance' : 'self'),
    workers: () => 2,
    turnTests: (f) => (f.startsWith('ct') ? 1 : 0),
    selfLane: (f) => (f.startsWith('sw') ? 'waits-on-target' : f.startsWith('sl') ? 'long' : undefined),
  };

  it('starts the waiting file beside the conformance files, these in their lane, then the long files', () => {
    const sorted = ['ct1', 'ct2', 'c1', 'c2', 's1', 's2', 'sw1', 'sl1', 's3', 'sl2'];
    expect(arrangeFiles(sorted, traits)).toEqual(['sw1', 'ct1', 'c1', 'ct2', 'c2', 'sl1', 'sl2', 's1', 's2', 's3']);
  });

  it('keeps vitest\'s order where no file declares a lane or takes turns', () => {
    expect(arrangeFiles(['c1', 'c2', 's1', 's2'], traits)).toEqual(['c1', 'c2', 's1', 's2']);
  });

  it('keeps the lanes\' order with no conformance file, or no other file of the project\'s own', () => {
    expect(arrangeFiles(['s1', 'sw1', 'sl1'], traits)).toEqual(['sw1', 'sl1', 's1']);
    expect(arrangeFiles(['c1', 'sl1'], traits)).toEqual(['c1', 'sl1']);
  });
});
