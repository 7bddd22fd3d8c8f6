import type { ConformanceMeta, RecordedViolation } from '../../src/harness/conformance-meta.ts';
import type { TestOutcome } from '../../src/report/test-outcomes.ts';

/** A test as it ended, for verdict tests: its evaluations per rule ([held, violated]) and what else it left. */
export function testOutcome(options: {
  status: TestOutcome['status'];
  rules: string[];
  evaluations?: Record<string, [number, number]>;
  violations?: Array<Partial<RecordedViolation> & { rule: string }>;
  meta?: Partial<ConformanceMeta>;
  file?: string;
  failureMessages?: string[];
}): TestOutcome {
  const evaluations = Object.fromEntries(Object.entries(options.evaluations ?? {}).map(([rule, [held, violated]]) => [rule, { held, violated, exchanges: held + violated }]));
  const violations = (options.violations ?? []).map((v) => ({ source: 'contract' as const, message: `[${v.rule}] broke`, expectations: [], ...v }));
  return {
    file: options.file ?? 'suites/ledger-query/x.test.ts',
    title: 't',
    status: options.status,
    rules: options.rules,
    failureMessages: options.failureMessages ?? (options.status === 'failed' ? ['boom'] : []),
    durationMs: 1,
    meta: { rules: options.rules, evaluations, notEvaluated: [], violations, heldOnExpected: [], requests: 1, throttled: 0, notes: [], ...options.meta },
  };
}
