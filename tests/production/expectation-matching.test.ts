import { describe, expect, it } from 'vitest';
import type { Rule } from '../../src/rules/catalogue.ts';
import { messageConcernsEndpoint } from '../../src/report/expectations.ts';
import { ruleVerdicts } from '../../src/report/rule-verdicts.ts';
import type { TestOutcome } from '../../src/report/test-outcomes.ts';

const rule: Rule = { id: 'LQ-4.5-topic-id-entity-id', section: '4.5', source: 'contract', statement: 's', interface: 'ledger-query' };
const at = (url: string) => `[${rule.id}] accepted a malformed ID\n  in GET http://127.0.0.1:9/api/v1${url} -> 200`;

function failing(messages: string[]): TestOutcome {
  return {
    file: 'suites/ledger-query/topics.test.ts', title: 't', status: 'failed', rules: [rule.id], failureMessages: ['x'], durationMs: 1,
    meta: { rules: [rule.id], violations: messages.map((message) => ({ rule: rule.id, source: 'contract' as const, message })), requests: 1, throttled: 0, notes: [], completed: true },
  };
}

describe('matching an expectation to the failures of its rule', () => {
  it('matches an endpoint template against the exchange a violation names, and only that endpoint', () => {
    expect(messageConcernsEndpoint('GET /api/v1/topics/{topicId}', at('/topics/0.5'))).toBe(true);
    expect(messageConcernsEndpoint('/api/v1/topics/{topicId}', at('/topics/0.5?x=1'))).toBe(true);
    expect(messageConcernsEndpoint('POST /api/v1/topics/{topicId}', at('/topics/0.5'))).toBe(false);
    expect(messageConcernsEndpoint('GET /api/v1/topics/{topicId}', at('/topics/0.5/messages'))).toBe(false);
    expect(messageConcernsEndpoint('GET /api/v1/topics', at('/topics/0.5'))).toBe(false);
  });

  it('calls a rule a known deviation only when every one of its failures is covered', () => {
    const expectation = { rule: rule.id, endpoint: 'GET /api/v1/topics/{topicId}', reason: 'realm.num accepted', expires: '2099-01-01' };
    const covered = ruleVerdicts([rule], [failing([at('/topics/0.5'), at('/topics/7')])], [expectation], '2026-11-22');
    expect(covered.rows[0]).toMatchObject({ verdict: 'known-deviation', expectation });
    expect(covered.exitCode).toBe(0);
    const elsewhere = ruleVerdicts([rule], [failing([at('/topics/0.5'), at('/topics/0.5/messages')])], [expectation], '2026-11-22');
    expect(elsewhere.rows[0]!.verdict).toBe('failed');
    expect(elsewhere.exitCode).toBe(1);
  });

  it('treats the expiry date as the last day the expectation holds', () => {
    const expectation = { rule: rule.id, reason: 'r', expires: '2026-11-22' };
    expect(ruleVerdicts([rule], [failing([at('/topics/0.5')])], [expectation], '2026-11-22').exitCode).toBe(0);
    const dayAfter = ruleVerdicts([rule], [failing([at('/topics/0.5')])], [expectation], '2026-11-23');
    expect(dayAfter.rows[0]).toMatchObject({ verdict: 'failed', expectationExpired: true });
    expect(dayAfter.exitCode).toBe(1);
  });
});
