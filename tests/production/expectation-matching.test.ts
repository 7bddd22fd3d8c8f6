import { describe, expect, it } from 'vitest';
import { RuleTallies } from '../../src/evidence/rule-tally.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { expectationCovers, expectationCoversViolation, expectationKey, requestOnEndpoint, requestText } from '../../src/report/expectations.ts';

const get = (path: string, body?: string) => ({ method: 'GET', url: `http://127.0.0.1:9/api/v1${path}`, ...(body ? { requestBody: body } : {}) });

describe('matching an expectation to the exchanges of its rule', () => {
  it('matches an endpoint template against a request, and only that endpoint', () => {
    expect(requestOnEndpoint('GET /api/v1/topics/{topicId}', 'GET', 'http://127.0.0.1:9/api/v1/topics/0.5')).toBe(true);
    expect(requestOnEndpoint('/api/v1/topics/{topicId}', 'GET', 'http://127.0.0.1:9/base/api/v1/topics/0.5?x=1')).toBe(true);
    expect(requestOnEndpoint('POST /api/v1/topics/{topicId}', 'GET', 'http://127.0.0.1:9/api/v1/topics/0.5')).toBe(false);
    expect(requestOnEndpoint('GET /api/v1/topics/{topicId}', 'GET', 'http://127.0.0.1:9/api/v1/topics/0.5/messages')).toBe(false);
    expect(requestOnEndpoint('GET /api/v1/topics', 'GET', 'http://127.0.0.1:9/api/v1/topics/0.5')).toBe(false);
  });

  it('matches the input pattern against the request line and body', () => {
    expect(requestText({ method: 'POST', url: 'http://h/api/v1/contracts/call?x=1', requestBody: '{"gas":0}' })).toBe('POST /api/v1/contracts/call?x=1\n\n{"gas":0}');
    const gas = { rule: 'LQ-4.3-gas-minimum', endpoint: 'POST /api/v1/contracts/call', input: '"gas":\\s*(\\d{1,4}|1\\d{4}|20\\d{3})\\b', reason: 'r', expires: '2099-01-01' };
    expect(expectationCovers(gas, { method: 'POST', url: 'http://h/api/v1/contracts/call', requestBody: '{"to":"0x1","gas":20999}' })).toBe(true);
    expect(expectationCovers(gas, { method: 'POST', url: 'http://h/api/v1/contracts/call', requestBody: '{"to":"0x1","gas":21000}' })).toBe(false);
    expect(expectationCovers(gas, get('/contracts/call', '{"gas":0}'))).toBe(false);
    // A judgement with no exchange is covered only by an expectation that names neither endpoint nor input.
    expect(expectationCovers(gas, undefined)).toBe(false);
    expect(expectationCovers({ rule: 'x', reason: 'r', expires: '2099-01-01' }, undefined)).toBe(true);
  });

  it('narrows an entry with a finding to violations whose message states it, and never takes a held judgement as its fix', () => {
    const maintenance = { rule: 'ST-3-component-status-enum', finding: '"under_maintenance"', reason: 'r', expires: '2099-01-01' };
    const summary = { method: 'GET', url: 'http://h/api/v2/summary.json' };
    expect(expectationCoversViolation(maintenance, summary, '/summary.json components[3] component c1 is "under_maintenance", not one of operational')).toBe(true);
    expect(expectationCoversViolation(maintenance, summary, '/summary.json components[3] component c1 is "maintenance_window", not one of operational')).toBe(false);
    expect(expectationKey(maintenance)).not.toBe(expectationKey({ ...maintenance, finding: undefined }));
    const tallies = new RuleTallies([maintenance, { rule: 'ST-3-component-status-enum', reason: 'r', expires: '2099-01-01' }]);
    tallies.evaluated({ rule: 'ST-3-component-status-enum', held: true, exchanges: [{ ...summary, status: 200 } as Exchange] });
    expect(tallies.heldOnExpected()).toEqual([expectationKey({ rule: 'ST-3-component-status-enum' })]);
  });
});
