import type { Rule } from '../rules/catalogue.ts';
import { messageConcernsEndpoint, type Expectation } from './expectations.ts';
import type { TestOutcome } from './test-outcomes.ts';

/**
 * How one rule fared in a run: `failed` (a contract rule broken), `deviates` (an observed rule
 * broken: reported, never failing the run), `known-deviation` (broken as an expectations file
 * says), `fixed` (expected to fail but held), `error` (a test of it could not judge: harness or
 * target error), `passed`, `skipped` (every test of it skipped) or `uncovered` (no test checks it).
 */
export type RuleVerdict = 'failed' | 'deviates' | 'known-deviation' | 'fixed' | 'error' | 'passed' | 'skipped' | 'uncovered';

export interface RuleRow {
  rule: Rule;
  verdict: RuleVerdict;
  tests: Array<{ title: string; file: string; status: string; violated: boolean; reason?: string }>;
  messages: string[];
  expectation?: Expectation;
  /** The expectation shown is past its expiry date, which is why the rule fails again. */
  expectationExpired?: boolean;
}

export interface RunVerdict {
  rows: RuleRow[];
  /** Tests that failed without naming a rule they broke (harness errors, unreachable target). */
  errors: TestOutcome[];
  /** Expectations past their expiry date: their failures count again. */
  expired: Expectation[];
  exitCode: 0 | 1;
}

function testsOf(rule: Rule, outcomes: TestOutcome[]): TestOutcome[] {
  return outcomes.filter((o) => o.rules.includes(rule.id));
}

export function ruleVerdicts(rules: Rule[], outcomes: TestOutcome[], expectations: Expectation[], today: string): RunVerdict {
  const active = expectations.filter((e) => e.expires >= today);
  const expired = expectations.filter((e) => e.expires < today);
  const rows: RuleRow[] = rules.map((rule) => {
    const tests = testsOf(rule, outcomes);
    const messages: string[] = [];
    const rowTests = tests.map((t) => {
      const hits = t.meta?.violations.filter((v) => v.rule === rule.id) ?? [];
      messages.push(...hits.map((h) => h.message));
      const reason = t.meta?.skipReason ?? (t.status === 'failed' && !hits.length && !t.meta?.completed ? 'stopped at a failure of another rule before judging this one' : undefined);
      return { title: t.title, file: t.file, status: t.status, violated: hits.length > 0, reason };
    });
    const violated = rowTests.some((t) => t.violated);
    const broken = tests.some((t) => t.status === 'failed' && !(t.meta?.violations.length));
    const mine = (list: Expectation[]) => list.filter((e) => e.rule === rule.id);
    const covers = (e: Expectation, message: string) => !e.endpoint || messageConcernsEndpoint(e.endpoint, message);
    // A known deviation needs every violation of the rule covered: a failure elsewhere is news.
    const coveredBy = (list: Expectation[]) =>
      messages.length > 0 && messages.every((m) => list.some((e) => covers(e, m))) ? list.find((e) => messages.some((m) => covers(e, m))) : undefined;
    let expectation: Expectation | undefined;
    let expectationExpired = false;
    let verdict: RuleVerdict;
    if (tests.length === 0) verdict = 'uncovered';
    else if (violated) {
      expectation = coveredBy(mine(active));
      if (!expectation) {
        expectation = coveredBy(mine(expired));
        expectationExpired = expectation !== undefined;
      }
      verdict = expectation && !expectationExpired ? 'known-deviation' : rule.source === 'contract' ? 'failed' : 'deviates';
    } else if (broken) verdict = 'error';
    // A test that failed on another rule's soft check still ran this rule's checks to the end.
    else if (tests.some((t) => t.status === 'passed' || (t.status === 'failed' && t.meta?.completed))) {
      expectation = mine(active)[0];
      verdict = expectation ? 'fixed' : 'passed';
    } else verdict = 'skipped';
    return { rule, verdict, tests: rowTests, messages, expectation, ...(expectationExpired ? { expectationExpired } : {}) };
  });
  const errors = outcomes.filter((o) => o.status === 'failed' && !(o.meta?.violations.length));
  const failing = rows.some((r) => r.verdict === 'failed') || errors.length > 0;
  return { rows, errors, expired, exitCode: failing ? 1 : 0 };
}
