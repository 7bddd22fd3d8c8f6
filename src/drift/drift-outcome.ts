import { expectationCovers, expectationKey, type Expectation } from '../report/expectations.ts';
import type { TestOutcome } from '../report/test-outcomes.ts';
import type { DriftData } from './drift-report.ts';

/**
 * The --drift fetch as the verdict sees it: a 5xx answer to it is a violation of the query service's
 * no-server-error rule like any test's (every 5xx counts), judged by the same expectations.
 */
export function driftOutcome(data: DriftData | undefined, expectations: Expectation[]): TestOutcome | undefined {
  const e = data?.serverError;
  if (!e) return undefined;
  const request = { method: e.method, url: e.url };
  const known = expectations.filter((x) => x.rule === e.rule && expectationCovers(x, request)).map(expectationKey);
  return {
    file: '(--drift)',
    title: 'fetch of the published OpenAPI document',
    status: 'failed',
    rules: [e.rule],
    failureMessages: [e.message],
    durationMs: 0,
    meta: {
      rules: [e.rule],
      evaluations: { [e.rule]: { held: 0, violated: 1, exchanges: 1 } },
      notEvaluated: [],
      violations: [{ rule: e.rule, source: 'contract', message: e.message, expectations: known, exchange: { request: e.request, curl: e.curl } }],
      heldOnExpected: [],
      requests: 1,
      throttled: 0,
      notes: [],
    },
  };
}
