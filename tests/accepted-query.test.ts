// A valid query the target refuses is blamed on the parameter its error points at, by name or by
// quoting the value (the out-of-range entity ID form), and only otherwise on the list's envelope.
import { describe, expect, it } from 'vitest';
import { expectAcceptedQuery } from '../src/checks/accepted-query.ts';
import type { Exchange } from '../src/http/exchange.ts';

const ruleOf = (name: string) => `rule of ${name}`;

/** The rules judged, with their outcomes, when the target answers 400 with these messages. */
function blamedFor(query: Array<[string, string]>, messages: string[]): Array<[string, boolean]> {
  const judged: Array<[string, boolean]> = [];
  const body = JSON.stringify({ _status: { messages: messages.map((message) => ({ message })) } });
  const exchange = { method: 'GET', url: 'http://127.0.0.1:1/api/v1/schedules', status: 400, requestHeaders: {}, responseHeaders: {}, responseBody: body, startedAt: '', durationMs: 1, throttled: [] } satisfies Exchange;
  expect(expectAcceptedQuery((rule, holds) => void judged.push([rule, holds]), exchange, query, ruleOf, 'envelope')).toBe(false);
  return judged;
}

describe('expectAcceptedQuery on a refused valid query', () => {
  it('blames the parameter whose value an out-of-range message quotes, operator or not, not the envelope', () => {
    expect(blamedFor([['account.id', '4000.0.0'], ['limit', '5']], ['Invalid entity ID "4000.0.0"'])).toEqual([['rule of account.id', false]]);
    expect(blamedFor([['schedule.id', 'gte:0.70000.1']], ['Invalid entity ID "0.70000.1"'])).toEqual([['rule of schedule.id', false]]);
    expect(blamedFor([['schedule.id', 'gte:0.70000.1']], ['Invalid entity ID "gte:0.70000.1"'])).toEqual([['rule of schedule.id', false]]);
  });

  it('blames the parameter a message names', () => {
    expect(blamedFor([['limit', '5'], ['order', 'asc']], ['Invalid parameter: limit'])).toEqual([['rule of limit', false]]);
  });

  it('falls back to the envelope when the error points at no parameter sent', () => {
    expect(blamedFor([['account.id', '0.0.5']], ['Invalid entity ID "0.0.6"'])).toEqual([['envelope', false]]);
  });
});

describe('expectAcceptedQuery on an accepted valid query', () => {
  const taken = (rule: string) => {
    const judged: Array<[string, boolean, string | undefined]> = [];
    const exchange = { method: 'GET', url: 'http://127.0.0.1:1/api/v1/schedules', status: 200, requestHeaders: {}, responseHeaders: {}, responseBody: '{"schedules":[],"links":{"next":null}}', startedAt: '', durationMs: 1, throttled: [] } satisfies Exchange;
    expect(expectAcceptedQuery((r, holds, _detail, _exchange, clause) => void judged.push([r, holds, clause]), exchange, [['account.id', '0.0.5']], () => rule, 'envelope')).toBe(true);
    return judged;
  };

  it('credits the clause a rule of what is taken and what is refused has for the taken side, and the whole rule otherwise', () => {
    expect(taken('LQ-4.1-account-id-pattern')).toEqual([['LQ-4.1-account-id-pattern', true, 'accepts-valid']]);
    expect(taken('LQ-4.1-schedules-envelope')).toEqual([['LQ-4.1-schedules-envelope', true, undefined]]);
  });
});
