import type { RuleTally } from '../harness/conformance-meta.ts';
import type { Exchange } from '../http/exchange.ts';
import { expectationCovers, expectationKey, type Expectation } from '../report/expectations.ts';
import type { Evaluation, EvaluationSink } from './evaluation.ts';

/**
 * Collects one test's evaluations: per rule how many held and were violated over how many distinct
 * exchanges, the rules it could not judge, and which expectations' deviating inputs were judged held.
 */
export class RuleTallies implements EvaluationSink {
  private readonly counts = new Map<string, { held: number; violated: number; exchanges: Set<Exchange> }>();
  readonly skipped: Array<{ rule: string; reason: string }> = [];
  private readonly heldOn = new Set<string>();
  private readonly violatedOn = new Set<Exchange>();

  constructor(private readonly expectations: Expectation[]) {}

  evaluated(e: Evaluation): void {
    let entry = this.counts.get(e.rule);
    if (!entry) this.counts.set(e.rule, (entry = { held: 0, violated: 0, exchanges: new Set() }));
    if (e.held) entry.held += 1;
    else entry.violated += 1;
    for (const ex of e.exchanges) entry.exchanges.add(ex);
    if (!e.held) {
      for (const ex of e.exchanges) this.violatedOn.add(ex);
      return;
    }
    // An entry scoped to a finding is not confirmed gone by a judgement that held: it shows no finding.
    for (const x of this.expectations.filter((x) => x.finding === undefined)) {
      if (x.rule === e.rule && (e.exchanges.length ? e.exchanges.some((ex) => expectationCovers(x, ex)) : expectationCovers(x, undefined))) {
        this.heldOn.add(expectationKey(x));
      }
    }
  }

  notEvaluated(skipped: { rule: string; reason: string }): void {
    if (!this.skipped.some((s) => s.rule === skipped.rule && s.reason === skipped.reason)) this.skipped.push(skipped);
  }

  /** Some check already found this exchange breaking a rule (a property's shrinking steps included). */
  violatedBy(exchange: Exchange): boolean {
    return this.violatedOn.has(exchange);
  }

  has(rule: string, outcome: 'held' | 'violated'): boolean {
    return (this.counts.get(rule)?.[outcome] ?? 0) > 0;
  }

  tallies(): Record<string, RuleTally> {
    return Object.fromEntries([...this.counts].map(([rule, c]) => [rule, { held: c.held, violated: c.violated, exchanges: c.exchanges.size }]));
  }

  heldOnExpected(): string[] {
    return [...this.heldOn];
  }
}
