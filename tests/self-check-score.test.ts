// How the self-check judges a fault run: only a failure of a rule the fault names is a catch.
import { describe, expect, it } from 'vitest';
import { judgeFault, scoreFaults, type FaultRow } from '../src/cli/self-check-score.ts';
import type { ChildRunResult } from '../src/cli/self-check-run.ts';

const run = (over: Partial<ChildRunResult>): ChildRunResult => ({ exitCode: 1, timedOut: false, wallMs: 1000, failedContractRules: [], errorTail: '', ...over });

describe('judgeFault', () => {
  it('counts a failure of a named rule as caught, and keeps the other failed rules apart', () => {
    expect(judgeFault(['A', 'B'], run({ failedContractRules: ['B', 'C'] }))).toEqual({ result: 'caught', caughtBy: ['B'], otherFailed: ['C'] });
  });

  it('does not count a failure of unrelated rules, a passing run, an INCOMPLETE run, a crash or a timeout', () => {
    expect(judgeFault(['A'], run({ failedContractRules: ['C'] })).result).toBe('other-rules');
    expect(judgeFault(['A'], run({ exitCode: 0 })).result).toBe('missed');
    expect(judgeFault(['A'], run({ exitCode: 3 })).result).toBe('incomplete');
    expect(judgeFault(['A'], run({ exitCode: 2, errorTail: 'boom' }))).toMatchObject({ result: 'error', note: 'boom' });
    expect(judgeFault(['A'], run({ exitCode: null, timedOut: true, failedContractRules: ['A'] })).result).toBe('timeout');
  });
});

describe('scoreFaults', () => {
  const row = (iface: FaultRow['interface'], result: FaultRow['result']): FaultRow => ({
    fault: `${iface}-${result}`, interface: iface, description: '', expected: [], result, caughtBy: [], otherFailed: [], exitCode: 1, wallMs: 1, reportDir: '',
  });

  it('gives the caught share per interface and overall, and no score for an interface without faults', () => {
    const { scores, overall } = scoreFaults([row('status', 'caught'), row('status', 'missed'), row('verify', 'caught')], ['ledger-query', 'status', 'verify']);
    expect(scores).toEqual([
      { interface: 'ledger-query', faults: 0, caught: 0, score: null },
      { interface: 'status', faults: 2, caught: 1, score: 50 },
      { interface: 'verify', faults: 1, caught: 1, score: 100 },
    ]);
    expect(overall).toEqual({ faults: 3, caught: 2, score: 66.7 });
  });
});
