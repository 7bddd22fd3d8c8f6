import type { RuleTally } from '../harness/conformance-meta.ts';
import type { Exchange } from '../http/exchange.ts';
import { expectationCovers, expectationKey, type Expectation } from '../report/expectations.ts';
import type { Evaluation, EvaluationSink, SkippedEvaluation } from './evaluation.ts';

/**
 * Collects one test's evaluations: per rule how many held and were violated over how many distinct
 * exchanges, the rules it could not judge, and which expectations' deviating inputs were judged held.
 */
export class RuleTallies implements EvaluationSink {
  private readonly counts = new Map<string, { held: number; violated: number; exchanges: Set<Exchange>; clauses: Map<string, { held: number; violated: number }> }>();
  readonly skipped: SkippedEvaluation[] = [];
  private readonly heldOn = new Set<string>();
  /** Per exchange, the rules some check found it breaking. */
  private readonly violatedOn = new Map<Exchange, Set<string>>();

  constructor(private readonly expectations: Expectation[]) {}

  evaluated(e: Evaluation): void {
    let entry = this.counts.get(e.rule);
    if (!entry) this.counts.set(e.rule, (entry = { held: 0, violated: 0, exchanges: new Set(), clauses: new Map() }));
    if (e.held) entry.held += 1;
    else entry.violated += 1;
    if (e.clause) {
      const clause = entry.clauses.get(e.clause) ?? { held: 0, violated: 0 };
      if (e.held) clause.held += 1;
      else clause.violated += 1;
      entry.clauses.set(e.clause, clause);
    }
    for (const ex of e.exchanges) entry.exchanges.add(ex);
    if (!e.held) {
      for (const ex of e.exchanges) this.violatedOn.set(ex, (this.violatedOn.get(ex) ?? new Set()).add(e.rule));
      return;
    }
    // An entry scoped to a finding is not confirmed gone by a judgement that held: it shows no finding.
    for (const x of this.expectations.filter((x) => x.finding === undefined)) {
      if (x.rule === e.rule && (e.exchanges.length ? e.exchanges.some((ex) => expectationCovers(x, ex)) : expectationCovers(x, undefined))) {
        this.heldOn.add(expectationKey(x));
      }
    }
  }

  notEvaluated(skipped: SkippedEvaluation): void {
    if (!this.skipped.some((s) => s.rule === skipped.rule && s.reason === skipped.reason)) this.skipped.push(skipped);
  }

  /** Some check already found this exchange breaking this rule (a property's shrinking steps included). */
  violatedBy(exchange: Exchange, rule: string): boolean {
    return this.violatedOn.get(exchange)?.has(rule) ?? false;
  }

  has(rule: string, outcome: 'held' | 'violated'): boolean {
    return (this.counts.get(rule)?.[outcome] ?? 0) > 0;
  }

  tallies(): Record<string, RuleTally> {
    return Object.fromEntries([...this.counts].map(([rule, c]) => [rule, {
      held: c.held,
      violated: c.violated,
      exchanges: c.exchanges.size,
      ...(c.clauses.size ? { clauses: Object.fromEntries(c.clauses) } : {}),
    }]));
  }

  heldOnExpected(): string[] {
    return [...this.heldOn];
  }
}
