import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../src/rules/catalogue.ts';
import { exchangeStats } from '../src/report/exchange-stats.ts';
import { expectationKey, readExpectations } from '../src/report/expectations.ts';
import { ruleVerdicts } from '../src/report/rule-verdicts.ts';
import { testOutcome } from './support/outcome.ts';

const rule = (id: string, source: 'contract' | 'observed', iface: Rule['interface'] = 'ledger-query'): Rule => ({ id, section: '4.1', source, statement: id, interface: iface });
const rules = [rule('LQ-4.1-a', 'contract'), rule('LQ-4.1-b', 'observed'), rule('LQ-4.1-c', 'contract'), rule('LQ-4.1-d', 'contract'), rule('LQ-4.1-e', 'contract')];
const today = '2026-11-22';
const lq = { interfaces: ['ledger-query' as const] };

describe('rule verdicts from evaluations', () => {
  it('passes a rule only on a held evaluation; a rule named by a passing test but never judged is not-evaluated', () => {
    const v = ruleVerdicts(rules, [testOutcome({ status: 'passed', rules: ['LQ-4.1-a', 'LQ-4.1-c'], evaluations: { 'LQ-4.1-a': [3, 0] } })], [], today, lq);
    expect(v.rows[0]).toMatchObject({ verdict: 'passed', evaluations: { held: 3, violated: 0, exchanges: 3 } });
    expect(v.rows[2]).toMatchObject({ verdict: 'not-evaluated', reason: 'its tests ran, but no check of it was evaluated on an answer' });
    expect(v.outcome).toBe('PASS');
  });

  it('says why a rule was not evaluated when the check says so, and when a test stopped at another rule', () => {
    const v = ruleVerdicts(rules, [
      testOutcome({ status: 'passed', rules: ['LQ-4.1-c'], meta: { notEvaluated: [{ rule: 'LQ-4.1-c', reason: 'limit=101 was accepted: no error body to judge' }] } }),
      testOutcome({ status: 'failed', rules: ['LQ-4.1-a', 'LQ-4.1-d'], evaluations: { 'LQ-4.1-a': [0, 1] }, violations: [{ rule: 'LQ-4.1-a' }] }),
    ], [], today, lq);
    expect(v.rows[2]).toMatchObject({ verdict: 'not-evaluated', reason: 'limit=101 was accepted: no error body to judge' });
    expect(v.rows[3]).toMatchObject({ verdict: 'not-evaluated', reason: 'its test stopped at a failure of LQ-4.1-a before judging this rule' });
    expect(v.rows[0]!.verdict).toBe('failed');
    expect(v.outcome).toBe('FAIL');
    expect(v.exitCode).toBe(1);
  });

  it('fails the run on a contract violation only; an observed one is reported', () => {
    const observed = ruleVerdicts(rules, [testOutcome({ status: 'failed', rules: ['LQ-4.1-a', 'LQ-4.1-b'], evaluations: { 'LQ-4.1-a': [1, 0], 'LQ-4.1-b': [0, 1] }, violations: [{ rule: 'LQ-4.1-b', source: 'observed' }] })], [], today, lq);
    expect(observed.rows.map((r) => r.verdict)).toEqual(['passed', 'deviates', 'uncovered', 'uncovered', 'uncovered']);
    expect(observed.exitCode).toBe(0);
  });

  it('never passes a run that judged nothing: skipped, stopped and broken tests make it INCOMPLETE', () => {
    const skipped = ruleVerdicts(rules, [testOutcome({ status: 'skipped', rules: ['LQ-4.1-c'], meta: { skipReason: 'no schedules on the target' } })], [], today, lq);
    expect(skipped.rows[2]).toMatchObject({ verdict: 'skipped', reason: 'no schedules on the target' });
    expect(skipped).toMatchObject({ outcome: 'INCOMPLETE', exitCode: 3, causes: ['no contract rule of ledger-query was evaluated'] });

    const budget = ruleVerdicts(rules, [
      testOutcome({ status: 'passed', rules: ['LQ-4.1-a'], evaluations: { 'LQ-4.1-a': [1, 0] } }),
      testOutcome({ status: 'skipped', rules: ['LQ-4.1-c'], meta: { stopped: { cause: 'budget', message: 'request budget of 1 requests is spent' } } }),
    ], [], today, lq);
    expect(budget.rows[2]).toMatchObject({ verdict: 'not-evaluated', reason: 'the request budget or time limit was spent (request budget of 1 requests is spent)' });
    expect(budget).toMatchObject({ outcome: 'INCOMPLETE', exitCode: 3, causes: ['1 test(s) stopped before judging: the request budget or time limit was spent'] });

    const broken = ruleVerdicts(rules, [
      testOutcome({ status: 'passed', rules: ['LQ-4.1-a'], evaluations: { 'LQ-4.1-a': [1, 0] } }),
      testOutcome({ status: 'failed', rules: ['LQ-4.1-d'], failureMessages: ['TypeError: x is undefined'] }),
    ], [], today, lq);
    expect(broken.rows[3]).toMatchObject({ verdict: 'error', reason: 'a test of it broke before judging: TypeError: x is undefined' });
    expect(broken.outcome).toBe('INCOMPLETE');
  });

  it('asks every selected interface for an evaluated contract rule, and honours --min-evaluated', () => {
    const mixed = [rule('LQ-4.1-a', 'contract'), rule('ST-3-x', 'contract', 'status')];
    const outcomes = [testOutcome({ status: 'passed', rules: ['LQ-4.1-a'], evaluations: { 'LQ-4.1-a': [1, 0] } })];
    const v = ruleVerdicts(mixed, outcomes, [], today, { interfaces: ['ledger-query', 'status'] });
    expect(v.coverage).toEqual([{ interface: 'ledger-query', evaluated: 1, total: 1, leftOut: 0, uncovered: 0 }, { interface: 'status', evaluated: 0, total: 1, leftOut: 0, uncovered: 1 }]);
    expect(v.causes).toEqual(['no contract rule of status was evaluated']);
    // Rules a test of the run set out to judge count; uncovered ones (another shard's) do not.
    const ran = [...outcomes, testOutcome({ status: 'passed', rules: ['LQ-4.1-c', 'LQ-4.1-d', 'LQ-4.1-e'] })];
    const partial = ruleVerdicts(rules, ran, [], today, { interfaces: ['ledger-query'], minEvaluated: 50 });
    expect(partial.causes).toEqual(['ledger-query: 1 of 4 contract rules judged, 25%, below --min-evaluated 50% (--min-evaluated 0 accepts less); the rules not judged are listed below with the reason']);
    expect(ruleVerdicts(rules, ran, [], today, { interfaces: ['ledger-query'], minEvaluated: 25 }).outcome).toBe('PASS');
    expect(ruleVerdicts(rules, outcomes, [], today, { interfaces: ['ledger-query'], minEvaluated: 50 }).outcome).toBe('PASS');
  });

  it('leaves rules the target may lack data for out of the share, and names the flags that would judge more', () => {
    const outcomes = [
      testOutcome({ status: 'passed', rules: ['LQ-4.1-a'], evaluations: { 'LQ-4.1-a': [1, 0] } }),
      testOutcome({ status: 'skipped', rules: ['LQ-4.1-c'], meta: { skipReason: 'no failed transaction on the target', skipMayLack: true } }),
      testOutcome({ status: 'skipped', rules: ['LQ-4.1-d'], meta: { skipReason: 'no known calls for this target (give --known-calls FILE)' } }),
      testOutcome({ status: 'passed', rules: ['LQ-4.1-e'], evaluations: { 'LQ-4.1-e': [1, 0] } }),
    ];
    const v = ruleVerdicts(rules, outcomes, [], today, { interfaces: ['ledger-query'], minEvaluated: 80 });
    expect(v.rows[2]).toMatchObject({ verdict: 'skipped', leftOut: true });
    expect(v.rows[3]!.leftOut).toBeUndefined();
    expect(v.coverage).toEqual([{ interface: 'ledger-query', evaluated: 2, total: 4, leftOut: 1, uncovered: 0 }]);
    expect(v.causes).toEqual(['ledger-query: 2 of 3 contract rules judged (1 left out: the target holds no data for them), 67%, below --min-evaluated 80% (--min-evaluated 0 accepts less); give --known-calls to judge more']);
    expect(v.outcome).toBe('INCOMPLETE');
    expect(ruleVerdicts(rules, outcomes, [], today, { interfaces: ['ledger-query'], minEvaluated: 0 }).outcome).toBe('PASS');
  });

  it('counts a rule with a clause never exercised as not judged', () => {
    const clauseRule: Rule = { ...rule('LQ-4.1-k', 'contract'), clauses: [{ id: 'one', statement: 'one' }, { id: 'two', statement: 'two' }] };
    const outcomes = [testOutcome({ status: 'passed', rules: ['LQ-4.1-k'], meta: { evaluations: { 'LQ-4.1-k': { held: 2, violated: 0, exchanges: 2, clauses: { one: { held: 2, violated: 0 } } } } } })];
    const v = ruleVerdicts([clauseRule], outcomes, [], today, { interfaces: ['ledger-query'], minEvaluated: 80 });
    expect(v.coverage).toEqual([{ interface: 'ledger-query', evaluated: 0, total: 1, leftOut: 0, uncovered: 0 }]);
    expect(v.outcome).toBe('INCOMPLETE');
  });
});

describe('expectations need evidence', () => {
  const limit = { rule: 'LQ-4.1-a', endpoint: 'GET /api/v1/schedules', input: 'limit=1\\d\\d', reason: 'limit above 100 accepted', expires: '2027-01-01' };
  const key = expectationKey(limit);

  it('is a known deviation only when every violation is on the input it describes', () => {
    const covered = ruleVerdicts(rules, [testOutcome({ status: 'failed', rules: ['LQ-4.1-a'], evaluations: { 'LQ-4.1-a': [2, 1] }, violations: [{ rule: 'LQ-4.1-a', expectations: [key] }] })], [limit], today, lq);
    expect(covered.rows[0]).toMatchObject({ verdict: 'known-deviation', expectation: limit });
    expect(covered.outcome).toBe('PASS');
    const elsewhere = ruleVerdicts(rules, [testOutcome({ status: 'failed', rules: ['LQ-4.1-a'], violations: [{ rule: 'LQ-4.1-a', expectations: [key] }, { rule: 'LQ-4.1-a' }] })], [limit], today, lq);
    expect(elsewhere.rows[0]!.verdict).toBe('failed');
  });

  it('is fixed only when the rule held on the deviating input; held elsewhere, it cannot tell', () => {
    const fixed = ruleVerdicts(rules, [testOutcome({ status: 'passed', rules: ['LQ-4.1-a'], evaluations: { 'LQ-4.1-a': [4, 0] }, meta: { heldOnExpected: [key] } })], [limit], today, lq);
    expect(fixed.rows[0]).toMatchObject({ verdict: 'fixed', expectation: limit });
    const unknown = ruleVerdicts(rules, [testOutcome({ status: 'passed', rules: ['LQ-4.1-a'], evaluations: { 'LQ-4.1-a': [4, 0] } })], [limit], today, lq);
    expect(unknown.rows[0]).toMatchObject({ verdict: 'passed', expectationUnconfirmed: true });
  });

  it('treats the expiry date as the last day the expectation holds', () => {
    const open = { rule: 'LQ-4.1-a', reason: 'r', expires: '2026-11-22' };
    const failing = [testOutcome({ status: 'failed', rules: ['LQ-4.1-a'], evaluations: { 'LQ-4.1-a': [0, 1] }, violations: [{ rule: 'LQ-4.1-a', expectations: [expectationKey(open)] }] })];
    expect(ruleVerdicts(rules, failing, [open], '2026-11-22', lq).outcome).toBe('PASS');
    const dayAfter = ruleVerdicts(rules, failing, [open], '2026-11-23', lq);
    expect(dayAfter.rows[0]).toMatchObject({ verdict: 'failed', expectationExpired: true });
    expect(dayAfter.expired.map((e) => e.rule)).toEqual(['LQ-4.1-a']);
    expect(dayAfter.exitCode).toBe(1);
  });
});

describe('expectations file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'expectations-'));
  const known = new Set(['LQ-4.1-limit-range']);

  it('reads YAML with dates and rejects unknown rules, missing reasons, bad dates and bad input patterns', () => {
    const path = join(dir, 'ok.yaml');
    writeFileSync(path, 'expectations:\n  - rule: LQ-4.1-limit-range\n    reason: answers 200 above 100\n    input: limit=1\\d\\d\n    expires: 2027-02-01\n');
    expect(readExpectations(path, known)).toEqual([{ rule: 'LQ-4.1-limit-range', reason: 'answers 200 above 100', input: 'limit=1\\d\\d', expires: '2027-02-01', endpoint: undefined }]);
    for (const [text, message] of [
      ['- rule: LQ-9-nope\n  reason: r\n  expires: 2027-01-01\n', /unknown rule/],
      ['- rule: LQ-4.1-limit-range\n  expires: 2027-01-01\n', /entry 1: reason must be a non-empty text/],
      ['- rule: LQ-4.1-limit-range\n  reason: r\n  expires: 2027-02-30\n', /expires must be a date YYYY-MM-DD/],
      ['- rule: LQ-4.1-limit-range\n  reason: r\n  expires: 2027-01-01\n  endpont: /x\n', /unknown field "endpont" \(fields: rule, reason, expires, endpoint, input, finding\)/],
      ['- rule: LQ-4.1-limit-range\n  reason: r\n  expires: 2027-01-01\n  endpoint: api/v1\n', /endpoint must be an endpoint like "GET \/api\/v1\/transactions"/],
      ['- rule: LQ-4.1-limit-range\n  reason: r\n  expires: soon\n', /expires must be a date/],
      ['- rule: LQ-4.1-limit-range\n  reason: r\n  input: "limit=(1"\n  expires: 2027-01-01\n', /input must be a regular expression/],
      ['- rule: LQ-4.1-limit-range\n  reason: r\n  expires: 2027-01-01\n- rule: LQ-4.1-limit-range\n  reason: ""\n  expires: 2027-01-01\n', /entry 2: reason must be/],
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

describe('rules with clauses and conditional rules', () => {
  const filterRule: Rule = { ...rule('LQ-4.2-f', 'contract'), clauses: [{ id: 'returns-only', statement: 'only matching rows' }, { id: 'returns-all', statement: 'every matching row' }] };
  const conditional: Rule = { ...rule('LQ-2.5-g', 'contract'), condition: 'an error message carries data as a string' };
  const withClauses = (clauses: Record<string, [number, number]>, held: number) => testOutcome({
    status: 'passed',
    rules: ['LQ-4.2-f'],
    meta: { evaluations: { 'LQ-4.2-f': { held, violated: 0, exchanges: held, clauses: Object.fromEntries(Object.entries(clauses).map(([c, [h, v]]) => [c, { held: h, violated: v }])) } } },
  });

  it('leaves a rule not-evaluated, naming the clause, when one clause never held', () => {
    const v = ruleVerdicts([filterRule], [withClauses({ 'returns-all': [2, 0] }, 5)], [], today, lq);
    expect(v.rows[0]).toMatchObject({ verdict: 'not-evaluated', missingClauses: ['returns-only'] });
    expect(v.rows[0]!.reason).toMatch(/clause "returns-only" \(only matching rows\) never held/);
  });

  it('does not credit a clause with held evaluations that named none (a page status)', () => {
    expect(ruleVerdicts([filterRule], [withClauses({}, 4)], [], today, lq).rows[0]!.verdict).toBe('not-evaluated');
  });

  it('passes a rule with clauses when each clause held', () => {
    expect(ruleVerdicts([filterRule], [withClauses({ 'returns-only': [1, 0], 'returns-all': [1, 0] }, 2)], [], today, lq).rows[0]!.verdict).toBe('passed');
  });

  it('says a conditional rule whose condition never occurred is not evaluated', () => {
    const v = ruleVerdicts([conditional], [testOutcome({ status: 'passed', rules: ['LQ-2.5-g'] })], [], today, lq);
    expect(v.rows[0]).toMatchObject({ verdict: 'not-evaluated', reason: 'its condition never occurred: an error message carries data as a string' });
  });
});
