import type { RuleSource } from '../rules/catalogue.ts';

/** How often one test judged one rule: held and violated evaluations, over how many exchanges. */
export interface RuleTally {
  held: number;
  violated: number;
  exchanges: number;
  /** Per clause of a rule with clauses, its held and violated evaluations. */
  clauses?: Record<string, { held: number; violated: number }>;
}

/** A violation as the report shows it: the rule, what broke, and the exchange that shows it. */
export interface RecordedViolation {
  rule: string;
  source: RuleSource;
  message: string;
  /** Keys of the run's expectations that speak of this violation's input (see expectationKey). */
  expectations: string[];
  /** The violating exchange, redacted: `METHOD url -> status` and a curl line that repeats it. */
  exchange?: { request: string; curl: string };
}

/**
 * Why a test stopped before judging what it meant to, when the cause is on the target's side or
 * in the run's limits: the run then cannot claim a full verdict (it ends INCOMPLETE).
 */
export type StopCause = 'throttled' | 'budget' | 'unreachable' | 'target-fault' | 'abandoned';

/** What a conformance test leaves on its vitest task, read back by the report builder. */
export interface ConformanceMeta {
  rules: string[];
  /** Per rule, the evaluations this test recorded: a rule passes only on held ones. */
  evaluations: Record<string, RuleTally>;
  /** Rules the test could not judge, with the reason (the answer the check needed did not happen). */
  notEvaluated: Array<{ rule: string; reason: string; mayLack?: boolean }>;
  violations: RecordedViolation[];
  /** Keys of expectations whose rule held on the input they describe: the evidence for `fixed`. */
  heldOnExpected: string[];
  /** The test had nothing to work on (no data on the target, writes not allowed): its reason. */
  skipReason?: string;
  /** The skip is for data a correct target may lack: its rules are left out of the coverage share. */
  skipMayLack?: boolean;
  stopped?: { cause: StopCause; message: string };
  requests: number;
  throttled: number;
  notes: string[];
}

// TaskMeta lives in @vitest/runner (vitest re-exports it), so the augmentation targets that module.
// `rules` is set when the test is declared, so listing tests without running them knows them too.
declare module '@vitest/runner' {
  interface TaskMeta {
    rules?: string[];
    conformance?: ConformanceMeta;
  }
}
