// The query service's error body for invalid parameters: "one message per invalid parameter" can
// only show on a request with several of them, so only such a request judges that clause.
import { describe, expect, it } from 'vitest';
import { expectQueryErrorBody } from '../src/checks/query-error-body.ts';
import { collectEvaluations, type Evaluation } from '../src/evidence/evaluation.ts';
import type { Check } from '../src/harness/rule-test.ts';
import type { Exchange } from '../src/http/exchange.ts';

const RULE = 'LQ-7-one-message-per-invalid-parameter';

/** The evaluations of RULE when the target answers 400 with these messages to a request with these invalid parameters. */
async function judged(parameters: string[], messages: string[]): Promise<Array<Pick<Evaluation, 'held' | 'clause'>>> {
  const evaluations: Evaluation[] = [];
  const body = JSON.stringify({ _status: { messages: messages.map((message) => ({ message })) } });
  const exchange = { method: 'GET', url: 'http://127.0.0.1:1/api/v1/schedules', status: 400, requestHeaders: {}, responseHeaders: {}, responseBody: body, startedAt: '', durationMs: 1, throttled: [] } satisfies Exchange;
  const t = { soft: (rule: string, held: boolean, _detail: string, _exchange?: Exchange, clause?: string) => void evaluations.push({ rule, held, exchanges: [], ...(clause ? { clause } : {}) }) } as unknown as Check;
  const sink = { evaluated: (e: Evaluation) => void evaluations.push(e), notEvaluated: () => undefined };
  await collectEvaluations(sink, () => expectQueryErrorBody(t, exchange, { status: 400, statusRule: 'LQ-4.1-limit-range', parameters })).catch(() => undefined);
  return evaluations.filter((e) => e.rule === RULE).map(({ held, clause }) => ({ held, clause }));
}

describe('one message per invalid parameter', () => {
  it('judges a single invalid parameter under its own clause: any error message holds there', async () => {
    expect(await judged(['limit'], ['Invalid parameter: limit'])).toEqual([{ held: true, clause: 'one-invalid' }]);
  });

  it('judges "one per parameter" only with several invalid parameters, and fails one message for two', async () => {
    expect(await judged(['limit', 'order'], ['Invalid parameter: limit', 'Invalid parameter: order'])).toEqual([{ held: true, clause: 'several-invalid' }]);
    expect(await judged(['limit', 'order'], ['Invalid parameters: limit, order'])).toEqual([{ held: false, clause: 'several-invalid' }]);
  });
});
