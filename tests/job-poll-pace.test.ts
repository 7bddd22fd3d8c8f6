// The pace of job polling: doubling waits and a count bound for a distant verifier, a short fixed
// wait on loopback whose count bound still reaches the whole time bound.
import { describe, expect, it } from 'vitest';
import { jobPollPace } from '../src/checks/job-poll-pace.ts';

describe('jobPollPace', () => {
  it('waits 100, 200, 400, 800 ms and then a second between polls of a distant verifier, at most 40 polls', () => {
    const pace = jobPollPace(false);
    expect([1, 2, 3, 4, 5, 9].map((n) => pace.delayAfter(n))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(pace.maxPolls).toBe(40);
    expect(pace.resubmitMs).toBe(500);
  });

  it('polls a loopback verifier every 100 ms, as many times as its time bound allows', () => {
    const pace = jobPollPace(true);
    expect([1, 2, 10].map((n) => pace.delayAfter(n))).toEqual([100, 100, 100]);
    expect(pace.maxPolls * pace.delayAfter(1)).toBe(pace.maxWaitMs);
    expect(pace.resubmitMs).toBe(100);
  });
});
