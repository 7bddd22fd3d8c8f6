import { describe, expect, it } from 'vitest';
import { ruleVerdicts } from '../src/report/rule-verdicts.ts';
import { whatWouldJudge } from '../src/report/what-would-judge.ts';
import type { Rule } from '../src/rules/catalogue.ts';
import { testOutcome } from './support/outcome.ts';

const rule = (id: string): Rule => ({ id, section: '3', source: 'contract', statement: id, interface: 'status' });

describe('what would judge a rule the run could not judge', () => {
  const verdict = ruleVerdicts(['ST-throttled', 'ST-after-failure', 'ST-failed', 'ST-broken', 'ST-no-input'].map(rule), [
    testOutcome({ status: 'skipped', rules: ['ST-throttled'], meta: { stopped: { cause: 'throttled', message: '429 after 4 retries' } } }),
    testOutcome({ status: 'failed', rules: ['ST-failed', 'ST-after-failure'], evaluations: { 'ST-failed': [0, 1] }, violations: [{ rule: 'ST-failed' }] }),
    testOutcome({ status: 'failed', rules: ['ST-broken'], failureMessages: ['TypeError: x is undefined'] }),
    testOutcome({ status: 'passed', rules: ['ST-no-input'], meta: { notEvaluated: [{ rule: 'ST-no-input', reason: 'no incident on the page' }] } }),
  ], [], '2026-11-23', { interfaces: ['status'] });
  const hint = (id: string) => whatWouldJudge(verdict.rows.find((r) => r.rule.id === id)!);

  it('names the remedy of the cause the verdict gives', () => {
    expect(hint('ST-throttled')).toBe('a lower --rate, or a run when the target throttles less');
    expect(hint('ST-after-failure')).toBe('the failure its test stopped at fixed first: the test judges this rule after it');
    expect(hint('ST-broken')).toMatch(/^a test that does not break/);
    expect(hint('ST-no-input')).toMatch(/^a target where the input the reason names happens/);
  });
});
