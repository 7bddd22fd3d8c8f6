import type { RuleSource } from '../rules/catalogue.ts';

/** What a conformance test leaves on its vitest task, read back by the report builder. */
export interface ConformanceMeta {
  rules: string[];
  /** Rules that failed, each with its source, so an observed failure never fails the run. */
  violations: Array<{ rule: string; source: RuleSource; message: string }>;
  skipReason?: string;
  /** The check body ran to its end (its violations, if any, were soft): its other rules were judged. */
  completed: boolean;
  requests: number;
  throttled: number;
  notes: string[];
}

/** How the skip reason of a test the target kept throttling begins: the summary counts those tests. */
export const THROTTLED_OUT_SKIP = 'target kept throttling';

// TaskMeta lives in @vitest/runner (vitest re-exports it), so the augmentation targets that module.
declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}
