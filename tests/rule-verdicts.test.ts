import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../src/rules/catalogue.ts';
import { exchangeStats } from '../src/report/exchange-stats.ts';
import { readExpectations } from '../src/report/expectations.ts';
import { ruleVerdicts } from '../src/report/rule-verdicts.ts';
import type { TestOutcome } from '../src/report/test-outcomes.ts';

const rule = (id: string, source: 'contract' | 'observed'): Rule => ({ id, section: '4.1', source, statement: id, interface: 'ledger-query' });
const rules = [rule('LQ-4.1-a', 'contract'), rule('LQ-4.1-b', 'observed'), rule('LQ-4.1-c', 'contract'), rule('LQ-4.1-d', 'contract'), rule('LQ-4.1-e', 'contract')];

function outcome(status: TestOutcome['status'], rules: string[], violated: Array<[string, 'contract' | 'observed']> = [], skipReason?: string): TestOutcome {
  return {
    file: 'suites/ledger-query/x.test.ts', title: 't', status, rules, failureMessages: status === 'failed' ? ['boom'] : [], durationMs: 1,
    meta: { rules, violations: violated.map(([r, source]) => ({ rule: r, source, message: `[${r}] broke at /api/v1/schedules` })), requests: 1, throttled: 0, notes: [], skipReason, completed: status !== 'skipped' },
  };
}

describe('rule verdicts', () => {
  it('fails the run on a contract violation only; observed ones are reported', () => {
    const observedOnly = ruleVerdicts(rules, [outcome('failed', ['LQ-4.1-a', 'LQ-4.1-b'], [['LQ-4.1-b', 'observed']])], [], '2026-11-22');
    expect(observedOnly.rows.map((r) => r.verdict)).toEqual(['passed', 'deviates', 'uncovered', 'uncovered', 'uncovered']);
    expect(observedOnly.exitCode).toBe(0);
    const stopped = ruleVerdicts(rules, [{ ...outcome('failed', ['LQ-4.1-a', 'LQ-4.1-b'], [['LQ-4.1-b', 'observed']]), meta: { ...outcome('failed', ['LQ-4.1-a', 'LQ-4.1-b'], [['LQ-4.1-b', 'observed']]).meta!, completed: false } }], [], '2026-11-22');
    expect(stopped.rows[0]).toMatchObject({ verdict: 'skipped', tests: [{ reason: 'stopped at a failure of another rule before judging this one' }] });
    const contract = ruleVerdicts(rules, [outcome('failed', ['LQ-4.1-a'], [['LQ-4.1-a', 'contract']])], [], '2026-11-22');
    expect(contract.rows[0]!.verdict).toBe('failed');
    expect(contract.exitCode).toBe(1);
  });

  it('never counts a skipped check as passed, and a test that errored fails the run', () => {
    const v = ruleVerdicts(rules, [outcome('skipped', ['LQ-4.1-c'], [], 'no schedules on the target'), outcome('failed', ['LQ-4.1-d'])], [], '2026-11-22');
    expect(v.rows[2]).toMatchObject({ verdict: 'skipped', tests: [{ reason: 'no schedules on the target' }] });
    expect(v.rows[3]!.verdict).toBe('error');
    expect(v.exitCode).toBe(1);
  });

  it('turns an expected failure into a known deviation, flags a fixed one, and lets an expired one fail', () => {
    const expectations = [
      { rule: 'LQ-4.1-a', reason: 'limit above 100 accepted', expires: '2027-01-01' },
      { rule: 'LQ-4.1-c', reason: 'was broken', expires: '2027-01-01' },
      { rule: 'LQ-4.1-d', reason: 'old', expires: '2026-01-01' },
      { rule: 'LQ-4.1-e', endpoint: '/api/v1/transactions', reason: 'other endpoint only', expires: '2027-01-01' },
    ];
    const v = ruleVerdicts(rules, [
      outcome('failed', ['LQ-4.1-a'], [['LQ-4.1-a', 'contract']]),
      outcome('passed', ['LQ-4.1-c']),
      outcome('failed', ['LQ-4.1-d'], [['LQ-4.1-d', 'contract']]),
      outcome('failed', ['LQ-4.1-e'], [['LQ-4.1-e', 'contract']]),
    ], expectations, '2026-11-22');
    expect(v.rows.map((r) => r.verdict)).toEqual(['known-deviation', 'uncovered', 'fixed', 'failed', 'failed']);
    expect(v.expired.map((e) => e.rule)).toEqual(['LQ-4.1-d']);
    expect(v.exitCode).toBe(1);
  });
});

describe('expectations file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'expectations-'));
  const known = new Set(['LQ-4.1-limit-range']);

  it('reads YAML with dates and rejects unknown rules, missing reasons and bad dates', () => {
    const path = join(dir, 'ok.yaml');
    writeFileSync(path, 'expectations:\n  - rule: LQ-4.1-limit-range\n    reason: answers 200 above 100\n    expires: 2027-02-01\n');
    expect(readExpectations(path, known)).toEqual([{ rule: 'LQ-4.1-limit-range', reason: 'answers 200 above 100', expires: '2027-02-01', endpoint: undefined }]);
    for (const [text, message] of [
      ['- rule: LQ-9-nope\n  reason: r\n  expires: 2027-01-01\n', /unknown rule/],
      ['- rule: LQ-4.1-limit-range\n  expires: 2027-01-01\n', /a reason is required/],
      ['- rule: LQ-4.1-limit-range\n  reason: r\n  expires: soon\n', /expires must be a date/],
      ['{ not yaml', /cannot be read/],
    ] as const) {
      const bad = join(dir, 'bad.yaml');
      writeFileSync(bad, text);
      expect(() => readExpectations(bad, known)).toThrow(message);
    }
  });
});

describe('exchange statistics', () => {
  it('counts requests with throttled attempts and the peak per second', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'stats-')), 'exchanges.jsonl');
    const at = (ms: number, status = 200, throttled: unknown[] = []) => JSON.stringify({ startedAt: new Date(ms).toISOString(), status, throttled });
    writeFileSync(path, [at(0), at(100), at(900, 503), at(1500, 200, [{}]), at(5000)].join('\n') + '\n');
    expect(exchangeStats(path)).toEqual({ requests: 6, throttled: 1, peakPerSecond: 3, serverErrors: 1 });
  });
});
