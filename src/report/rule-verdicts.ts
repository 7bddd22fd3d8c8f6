import type { RecordedViolation, RuleTally, StopCause } from '../harness/conformance-meta.ts';
import type { Rule } from '../rules/catalogue.ts';
import type { InterfaceName } from '../../specs/load-spec.ts';
import { EXIT_CODES, type RunOutcome } from './exit-codes.ts';
import { expectationKey, type Expectation } from './expectations.ts';
import type { TestOutcome } from './test-outcomes.ts';

/**
 * How one rule fared in a run, built from its evaluations: `failed` (a contract rule violated),
 * `deviates` (an observed rule violated: reported, never failing the run), `known-deviation`
 * (violated only where an expectation says), `fixed` (held on the very input an expectation
 * describes), `passed` (held at least once, never violated), `not-evaluated` (its tests ran or
 * were stopped, but nothing judged it), `error` (a test of it broke before judging), `skipped`
 * (every test of it found nothing to work on) or `uncovered` (no test checks it).
 */
export type RuleVerdict = 'failed' | 'deviates' | 'known-deviation' | 'fixed' | 'passed' | 'not-evaluated' | 'error' | 'skipped' | 'uncovered';

export interface RuleRow {
  rule: Rule;
  verdict: RuleVerdict;
  /** Why a rule has no verdict of its own evaluations (not-evaluated, error, skipped). */
  reason?: string;
  evaluations: RuleTally;
  tests: Array<{ title: string; file: string; status: string; held: number; violated: number; reason?: string }>;
  violations: RecordedViolation[];
  expectation?: Expectation;
  /** The expectation shown is past its expiry date, which is why the rule fails again. */
  expectationExpired?: boolean;
  /** The rule held, but never on the input its expectation describes: whether it is fixed is unknown. */
  expectationUnconfirmed?: boolean;
  /** Clauses of the rule that never held on an input that could have shown a violation. */
  missingClauses?: string[];
  /** Not judged for want of data a correct target may lack (or a condition that never occurred): out of the coverage share. */
  leftOut?: boolean;
}

export interface InterfaceCoverage {
  interface: InterfaceName;
  /** Contract rules judged: their verdict rests on their evaluations (every clause of a rule with clauses). */
  evaluated: number;
  total: number;
  /** Contract rules the target holds no data for (listed as such): left out of the share. */
  leftOut: number;
  /** Contract rules no test of this run checks (another shard's, or a gap of the suite, listed as uncovered). */
  uncovered: number;
}

/** The share of an interface's contract rules judged, of those this run checks and the target held data for (percent). */
export function coverageShare(c: InterfaceCoverage): number {
  const base = c.total - c.leftOut - c.uncovered;
  return base > 0 ? (100 * c.evaluated) / base : 100;
}

/** Verdicts that rest on a rule's evaluations: the rule was judged. */
const JUDGED: RuleVerdict[] = ['failed', 'deviates', 'known-deviation', 'fixed', 'passed'];

export interface RunVerdict {
  rows: RuleRow[];
  /** Tests that broke without naming a rule they broke (harness errors, errors outside tests). */
  errors: TestOutcome[];
  /** Tests stopped before judging, by cause (throttling, budget, unreachable target, target faults). */
  stopped: Partial<Record<StopCause, TestOutcome[]>>;
  /** Expectations past their expiry date: their failures count again. */
  expired: Expectation[];
  coverage: InterfaceCoverage[];
  outcome: RunOutcome;
  /** Why the run is INCOMPLETE (also listed next to a FAIL: what it could not judge). */
  causes: string[];
  exitCode: number;
}

export interface VerdictOptions {
  interfaces: InterfaceName[];
  /**
   * Percentage of each selected interface's contract rules that must have been judged, rules the
   * target holds no data for left out (--min-evaluated; the CLI's default is 80).
   */
  minEvaluated?: number;
}

export const STOP_WORDS: Record<StopCause, string> = {
  throttled: 'the target kept throttling',
  budget: 'the request budget or time limit was spent',
  unreachable: 'the target did not answer',
  'target-fault': 'the target gave no usable answer (resets, timeouts, answers cut short, too large or not JSON)',
  abandoned: 'the run stopped checking a target after repeated transport faults',
};

const empty = (): RuleTally => ({ held: 0, violated: 0, exchanges: 0 });

function concerns(o: TestOutcome, id: string): boolean {
  return o.rules.includes(id) || Boolean(o.meta?.evaluations?.[id]) || Boolean(o.meta?.notEvaluated?.some((n) => n.rule === id));
}

function unique(items: Array<string | undefined>): string[] {
  return [...new Set(items.filter((i): i is string => Boolean(i)))];
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]!.slice(0, 300);
}

/** Why a rule with no evaluation ended as it did: what its tests say, most telling first. */
function withoutEvaluations(id: string, tests: TestOutcome[]): { verdict: RuleVerdict; reason: string } {
  const broken = tests.filter((t) => t.status === 'failed' && !t.meta?.violations.length);
  if (broken.length) return { verdict: 'error', reason: `a test of it broke before judging: ${firstLine(broken[0]!.failureMessages[0])}` };
  const stopped = unique(tests.map((t) => t.meta?.stopped && `${STOP_WORDS[t.meta.stopped.cause]} (${firstLine(t.meta.stopped.message)})`));
  if (stopped.length) return { verdict: 'not-evaluated', reason: stopped.join('; ') };
  const said = unique(tests.flatMap((t) => t.meta?.notEvaluated?.filter((n) => n.rule === id).map((n) => n.reason) ?? []));
  if (said.length) return { verdict: 'not-evaluated', reason: said.join('; ') };
  if (tests.every((t) => t.status === 'skipped')) {
    return { verdict: 'skipped', reason: unique(tests.map((t) => t.meta?.skipReason)).join('; ') || 'its tests were skipped' };
  }
  const stoppedBy = unique(tests.flatMap((t) => t.meta?.violations.map((v) => v.rule) ?? []));
  if (stoppedBy.length) return { verdict: 'not-evaluated', reason: `its test stopped at a failure of ${stoppedBy.join(', ')} before judging this rule` };
  return { verdict: 'not-evaluated', reason: 'its tests ran, but no check of it was evaluated on an answer' };
}

function ruleRow(rule: Rule, outcomes: TestOutcome[], active: Expectation[], expired: Expectation[]): RuleRow {
  const tests = outcomes.filter((o) => concerns(o, rule.id));
  const evaluations = empty();
  const violations: RecordedViolation[] = [];
  const heldOn = new Set<string>();
  const rowTests = tests.map((t) => {
    const tally = t.meta?.evaluations?.[rule.id] ?? empty();
    evaluations.held += tally.held;
    evaluations.violated += tally.violated;
    evaluations.exchanges += tally.exchanges;
    for (const [clause, c] of Object.entries(tally.clauses ?? {})) {
      const sum = ((evaluations.clauses ??= {})[clause] ??= { held: 0, violated: 0 });
      sum.held += c.held;
      sum.violated += c.violated;
    }
    violations.push(...(t.meta?.violations.filter((v) => v.rule === rule.id) ?? []));
    for (const key of t.meta?.heldOnExpected ?? []) heldOn.add(key);
    const stop = t.meta?.stopped && `${STOP_WORDS[t.meta.stopped.cause]}: ${t.meta.stopped.message}`;
    const reason = t.meta?.skipReason ?? stop ?? t.meta?.notEvaluated?.find((n) => n.rule === rule.id)?.reason;
    return { title: t.title, file: t.file, status: t.status, held: tally.held, violated: tally.violated, ...(reason ? { reason } : {}) };
  });
  const row = { rule, evaluations, tests: rowTests, violations };
  if (tests.length === 0) return { ...row, verdict: 'uncovered', reason: 'no test checks it' };
  const mine = (list: Expectation[]) => list.filter((e) => e.rule === rule.id);
  if (evaluations.violated > 0 || violations.length > 0) {
    // A known deviation needs every violation of the rule on an input its expectation describes.
    const coveredBy = (list: Expectation[]) => {
      const keys = new Set(mine(list).map(expectationKey));
      if (!violations.length || !violations.every((v) => v.expectations.some((k) => keys.has(k)))) return undefined;
      return mine(list).find((e) => violations.some((v) => v.expectations.includes(expectationKey(e))));
    };
    const known = coveredBy(active);
    if (known) return { ...row, verdict: 'known-deviation', expectation: known };
    const lapsed = coveredBy(expired);
    const verdict = rule.source === 'contract' ? 'failed' : 'deviates';
    return lapsed ? { ...row, verdict, expectation: lapsed, expectationExpired: true } : { ...row, verdict };
  }
  // A rule that says several things passed only when each part held on an input that could show a violation.
  const missingClauses = (rule.clauses ?? []).filter((c) => !evaluations.clauses?.[c.id]?.held);
  if (evaluations.held > 0 && missingClauses.length) {
    const said = unique(tests.flatMap((t) => t.meta?.notEvaluated?.filter((n) => n.rule === rule.id).map((n) => n.reason) ?? []));
    const missing = missingClauses.map((c) => `clause "${c.id}" (${c.statement}) never held on an input that could show a violation`);
    return { ...row, verdict: 'not-evaluated', reason: [...missing, ...said].join('; '), missingClauses: missingClauses.map((c) => c.id) };
  }
  if (evaluations.held > 0) {
    const expected = mine(active);
    const fixed = expected.find((e) => heldOn.has(expectationKey(e)));
    if (fixed) return { ...row, verdict: 'fixed', expectation: fixed };
    return expected.length ? { ...row, verdict: 'passed', expectation: expected[0], expectationUnconfirmed: true } : { ...row, verdict: 'passed' };
  }
  // A conditional rule whose condition never occurred has nothing to speak of: not evaluated, and said why.
  if (rule.condition && tests.every((t) => t.status === 'passed')) return { ...row, verdict: 'not-evaluated', reason: `its condition never occurred: ${rule.condition}`, leftOut: true };
  const without = withoutEvaluations(rule.id, tests);
  return mayLackAll(rule.id, tests) ? { ...row, ...without, leftOut: true } : { ...row, ...without };
}

/**
 * Did every test of the rule that says why it did not judge it say the data is one a correct target
 * may lack? A stop, a break, or any other reason (an empty list, a missing input) counts against the run.
 */
function mayLackAll(id: string, tests: TestOutcome[]): boolean {
  const marks: boolean[] = [];
  for (const t of tests) {
    if (t.meta?.stopped || t.status === 'failed') marks.push(false);
    else if (t.status === 'skipped') marks.push(Boolean(t.meta?.skipMayLack));
    for (const n of t.meta?.notEvaluated ?? []) if (n.rule === id) marks.push(Boolean(n.mayLack));
  }
  return marks.length > 0 && marks.every(Boolean);
}

/** The flags a reason asks for ("give --verify-samples FILE"): what would let the suite judge more. */
function askedFlags(reason: string | undefined): string[] {
  return [...(reason ?? '').matchAll(/give (--[a-z-]+)/g)].map((m) => m[1]!);
}

/** Every rule's verdict from the tests' evaluations, and what the run as a whole may claim. */
export function ruleVerdicts(rules: Rule[], outcomes: TestOutcome[], expectations: Expectation[], today: string, options: VerdictOptions): RunVerdict {
  const active = expectations.filter((e) => e.expires >= today);
  const expired = expectations.filter((e) => e.expires < today);
  const rows = rules.map((rule) => ruleRow(rule, outcomes, active, expired));

  const errors = outcomes.filter((o) => o.status === 'failed' && !o.meta?.violations.length);
  const stopped: RunVerdict['stopped'] = {};
  for (const o of outcomes) if (o.meta?.stopped) (stopped[o.meta.stopped.cause] ??= []).push(o);

  const coverage = options.interfaces.map((name) => {
    const contract = rows.filter((r) => r.rule.interface === name && r.rule.source === 'contract');
    const evaluated = contract.filter((r) => JUDGED.includes(r.verdict)).length;
    return { interface: name, evaluated, total: contract.length, leftOut: contract.filter((r) => r.leftOut).length, uncovered: contract.filter((r) => r.verdict === 'uncovered').length };
  });
  const causes: string[] = [];
  for (const c of coverage) if (c.evaluated === 0) causes.push(`no contract rule of ${c.interface} was evaluated`);
  for (const [cause, tests] of Object.entries(stopped) as Array<[StopCause, TestOutcome[]]>) {
    // Which target was given up is part of the cause: a person must see it without opening a test.
    const which = cause === 'abandoned' ? ` (${unique(tests.map((t) => firstLine(t.meta?.stopped?.message))).join('; ')})` : '';
    causes.push(`${tests.length} test(s) stopped before judging: ${STOP_WORDS[cause]}${which}`);
  }
  if (errors.length) causes.push(`${errors.length} test(s) broke before judging (harness or transport errors)`);
  if (options.minEvaluated !== undefined) {
    for (const c of coverage) {
      const share = coverageShare(c);
      if (c.evaluated === 0 || share >= options.minEvaluated) continue;
      const unjudged = rows.filter((r) => r.rule.interface === c.interface && r.rule.source === 'contract' && !JUDGED.includes(r.verdict) && !r.leftOut);
      const flags = unique(unjudged.flatMap((r) => [...askedFlags(r.reason), ...r.tests.flatMap((t) => askedFlags(t.reason))]));
      const raise = flags.length ? `; give ${flags.join(', ')} to judge more` : '; the rules not judged are listed below with the reason';
      const out = c.leftOut ? ` (${c.leftOut} left out: the target holds no data for them)` : '';
      causes.push(`${c.interface}: ${c.evaluated} of ${c.total - c.leftOut - c.uncovered} contract rules judged${out}, ${share.toFixed(0)}%, below --min-evaluated ${options.minEvaluated}% (--min-evaluated 0 accepts less)${raise}`);
    }
  }
  const outcome: RunOutcome = rows.some((r) => r.verdict === 'failed') ? 'FAIL' : causes.length ? 'INCOMPLETE' : 'PASS';
  return { rows, errors, stopped, expired, coverage, outcome, causes, exitCode: EXIT_CODES[outcome] };
}
