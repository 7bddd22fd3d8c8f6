import { describe, expect, it } from 'vitest';
import { RuleTallies } from '../src/evidence/rule-tally.ts';
import type { Exchange } from '../src/http/exchange.ts';

const answer = (status: number): Exchange => ({ method: 'POST', url: 'http://127.0.0.1:1/v2/verify/296/0x00', requestHeaders: {}, status, responseHeaders: {}, responseBody: '{}', startedAt: new Date(0).toISOString(), durationMs: 1, throttled: [] });
const contractOnly = (rule: string) => rule.startsWith('VF-7-no-server');

describe('which earlier finding keeps an answer from being judged again', () => {
  it('an answer broken only under an observed rule is still open to the contract rule every answer is judged by', () => {
    const tallies = new RuleTallies([]);
    const refused = answer(500);
    tallies.evaluated({ rule: 'VF-7-invalid-json-400', held: false, exchanges: [refused], detail: 'answered 500' });
    expect(tallies.violatedBy(refused, contractOnly)).toBe(false);
    tallies.evaluated({ rule: 'VF-7-no-server-error-by-check', held: false, exchanges: [refused], detail: 'answered 500' });
    expect(tallies.violatedBy(refused, contractOnly)).toBe(true);
    expect(tallies.violatedBy(answer(500), contractOnly)).toBe(false);
  });
});
