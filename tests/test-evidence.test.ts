// One test's evidence goes through one sink: rule ids and clauses are checked where a check names
// them, and a violation whose throw a concurrent case's skip swallowed is still reported.
import { describe, expect, it } from 'vitest';
import { expectRule, RuleViolation } from '../src/checks/rule-violation.ts';
import { collectEvaluations } from '../src/evidence/evaluation.ts';
import { TestEvidence } from '../src/harness/test-evidence.ts';
import type { Exchange } from '../src/http/exchange.ts';
import { loadCatalogue } from '../src/rules/catalogue.ts';

const exchange: Exchange = {
  method: 'GET', url: 'http://127.0.0.1:1/api/v1/schedules?limit=101', requestHeaders: {}, status: 200, responseHeaders: {},
  responseBody: '{"schedules":[],"links":{"next":null}}', startedAt: new Date(0).toISOString(), durationMs: 1, throttled: [],
};
const evidence = () => new TestEvidence(loadCatalogue(), [], (text) => text);

describe('the evidence of one test', () => {
  it('refuses an unknown rule or clause where the check names it', () => {
    const e = evidence();
    expect(() => e.soft('LQ-9-no-such-rule', true, '')).toThrow(/check names unknown rule LQ-9-no-such-rule/);
    expect(() => e.soft('LQ-4.1-limit-range', true, '', exchange, 'no-such-clause')).toThrow(/clause "no-such-clause", which rule LQ-4.1-limit-range does not have/);
    expect(() => collectEvaluations(e, () => expectRule('LQ-9-no-such-rule', true, ''))).toThrow(/unknown rule/);
  });

  it('keeps a violation whose throw was swallowed (a concurrent case skipped first), with its exchange', () => {
    const e = evidence();
    collectEvaluations(e, () => {
      try {
        expectRule('LQ-4.1-limit-range', false, 'limit=101 answered 200', exchange);
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
      }
    });
    const [violation] = e.violations(undefined);
    expect(violation).toMatchObject({ rule: 'LQ-4.1-limit-range', detail: 'limit=101 answered 200', exchange });
  });

  it('reports a rule once when the violation that ended the test is its shrunk case', () => {
    const e = evidence();
    collectEvaluations(e, () => {
      for (const limit of [250, 101]) {
        try {
          expectRule('LQ-4.1-limit-range', false, `limit=${limit} answered 200`, exchange);
        } catch {
          // shrinking steps: fast-check catches them
        }
      }
    });
    const shrunk = new RuleViolation('LQ-4.1-limit-range', 'limit=101 answered 200\nseed 1', exchange);
    expect(e.violations(shrunk)).toEqual([shrunk]);
  });
});
