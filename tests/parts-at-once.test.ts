import { describe, expect, it } from 'vitest';
import { partsAtOnce } from '../src/harness/cases-at-once.ts';
import type { Check } from '../src/harness/rule-test.ts';

const check = (casesAtOnce: number) => ({ casesAtOnce }) as Check;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('partsAtOnce', () => {
  it('runs the parts side by side and waits for every one, even after one failed', async () => {
    const events: string[] = [];
    const outcome = partsAtOnce(check(8), [
      async () => { events.push('a starts'); await pause(30); events.push('a ends'); throw new Error('a failed'); },
      async () => { events.push('b starts'); await pause(60); events.push('b ends'); throw new Error('b failed'); },
    ]);
    await expect(outcome).rejects.toThrow('a failed');
    expect(events).toEqual(['a starts', 'b starts', 'a ends', 'b ends']);
  });

  it('throws the failure of the earliest part, as running them in order would, whichever fails first', async () => {
    await expect(partsAtOnce(check(8), [
      async () => { await pause(40); throw new Error('first part'); },
      async () => { throw new Error('second part'); },
    ])).rejects.toThrow('first part');
  });

  it('runs them in order where the test keeps one case at a time', async () => {
    const events: string[] = [];
    await partsAtOnce(check(1), [
      async () => { events.push('a starts'); await pause(20); events.push('a ends'); },
      async () => { events.push('b starts'); },
    ]);
    expect(events).toEqual(['a starts', 'a ends', 'b starts']);
  });
});
