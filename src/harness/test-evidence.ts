import { RuleViolation } from '../checks/rule-violation.ts';
import type { EvaluationSink } from '../evidence/evaluation.ts';
import { RuleTallies } from '../evidence/rule-tally.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Expectation } from '../report/expectations.ts';
import { ruleHasClause, type Rule } from '../rules/catalogue.ts';

/**
 * One test's evidence, recorded through one sink: every evaluation (expectRule, t.soft, the
 * every-answer rules) arrives here as an event, its rule and clause checked against the catalogue
 * where it is made (a mistake of the suite, thrown at the call), and every violation is kept, so
 * one whose throw a concurrent case's skip swallowed is still reported with its exchange.
 */
export class TestEvidence implements EvaluationSink {
  readonly tallies: RuleTallies;
  /** Violations a check kept to carry on (t.soft, softly): reported as they were found. */
  private readonly kept: RuleViolation[] = [];
  /** Every violation the sink saw, thrown or not. */
  private readonly seen: RuleViolation[] = [];

  constructor(
    private readonly catalogue: Map<string, Rule>,
    expectations: Expectation[],
    private readonly redactText: (text: string) => string,
  ) {
    this.tallies = new RuleTallies(expectations);
  }

  /** Throws when a check names a rule or clause the catalogue lacks. */
  known(rule: string, clause?: string): void {
    const entry = this.catalogue.get(rule);
    if (!entry) throw new Error(`check names unknown rule ${rule}`);
    if (clause !== undefined && !ruleHasClause(entry, clause)) throw new Error(`check names clause "${clause}", which rule ${rule} does not have`);
  }

  evaluated(e: Parameters<EvaluationSink['evaluated']>[0]): void {
    this.known(e.rule, e.clause);
    this.tallies.evaluated(e);
    if (!e.held) this.seen.push(new RuleViolation(e.rule, e.detail ?? 'violated', e.exchanges[0]));
  }

  notEvaluated(s: Parameters<EvaluationSink['notEvaluated']>[0]): void {
    this.known(s.rule);
    this.tallies.notEvaluated({ rule: s.rule, reason: this.redactText(s.reason), ...(s.mayLack ? { mayLack: true } : {}) });
  }

  /** t.soft: records the judgement and, for a violation, keeps it so the check carries on. */
  soft(rule: string, held: boolean, detail: string, exchange?: Exchange, clause?: string): void {
    this.evaluated({ rule, held, exchanges: exchange ? [exchange] : [], ...(held ? {} : { detail }), ...(clause ? { clause } : {}) });
    if (!held) this.kept.push(new RuleViolation(rule, detail, exchange));
  }

  /** A violation already recorded (by expectRule) that a check caught to carry on. */
  keep(violation: RuleViolation): void {
    this.known(violation.rule);
    this.kept.push(violation);
  }

  /**
   * The test's violations: the one that ended it (a property's shrunk case), those kept, then for
   * each rule the sink saw violated but no reported violation names, its first violation.
   */
  violations(failure: unknown): RuleViolation[] {
    if (failure instanceof RuleViolation && !this.tallies.has(failure.rule, 'violated')) {
      this.tallies.evaluated({ rule: failure.rule, held: false, exchanges: failure.exchange ? [failure.exchange] : [], detail: failure.detail });
    }
    const reported = failure instanceof RuleViolation ? [failure, ...this.kept] : [...this.kept];
    const lost = this.seen.filter((v, i) => !reported.some((r) => r.rule === v.rule) && this.seen.findIndex((w) => w.rule === v.rule) === i);
    return [...reported, ...lost];
  }
}
