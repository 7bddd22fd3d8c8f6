import * as allure from 'allure-js-commons';
import { inject, test, TestRunner, type TestContext } from 'vitest';
import { TARGET_OF, type ResolvedConfig } from '../config/run-config.ts';
import { RuleViolation } from '../checks/rule-violation.ts';
import { collectEvaluations } from '../evidence/evaluation.ts';
import { TargetUnreachable, ThrottledOut, type OutgoingRequest, type TestAllowance } from '../http/client.ts';
import { toCurl } from '../http/curl.ts';
import { describeExchange, type Exchange } from '../http/exchange.ts';
import type { createRedactor } from '../http/redact.ts';
import { BudgetExhausted } from '../http/request-budget.ts';
import { TargetAbandoned, TargetFault } from '../http/transport-faults.ts';
import { expectationCoversViolation, expectationKey, type Expectation } from '../report/expectations.ts';
import { interfaceOfRule, loadCatalogue, type RuleSource } from '../rules/catalogue.ts';
import type { InterfaceName } from '../../specs/load-spec.ts';
import type { ConformanceMeta, RecordedViolation, StopCause } from './conformance-meta.ts';
import { judgeEveryAnswer, unreadableAnswer } from './every-answer.ts';
import { RequestRefused } from './request-guard.ts';
import { runInTestScope, runState } from './run-state.ts';
import { ruleStory } from '../report/rule-story.ts';
import { reproducerDir, writeReproducer } from '../report/reproducer.ts';
import { SkipCheck, skipBecause, type AbsenceOptions } from './skip.ts';
import { TestEvidence } from './test-evidence.ts';
import type { TurnReason } from './turns.ts';

type Redactor = ReturnType<typeof createRedactor>;

/**
 * The target broke a rule. Named like an assertion error so vitest and allure show the test as
 * failed; any other error (harness fault, unreachable target) shows as broken.
 */
class ContractCheckFailed extends Error {
  override name = 'AssertionError';
}

/** What a check body gets: the target, a recording client and ways to report. */
export interface Check {
  config: ResolvedConfig;
  /** The base URL of the interface this test checks. */
  base: string;
  /** Cases of one property that may be in flight at once: 1 where the test's requests must keep their order. */
  casesAtOnce: number;
  send(req: OutgoingRequest): Promise<Exchange>;
  get(path: string, query?: Array<[string, string]>): Promise<Exchange>;
  /**
   * Judges one property and records the evaluation; a violation is kept and the check carries on.
   * `clause` names the part of a rule with clauses (catalogue `clauses`) that was judged.
   */
  soft(rule: string, holds: boolean, detail: string, exchange?: Exchange, clause?: string): void;
  /** Keeps a violation already recorded by expectRule (caught to carry on), without judging again. */
  keepViolation(violation: RuleViolation): void;
  /** The rule could not be judged here: the answer it needed did not happen. Never a pass. */
  notEvaluated(rule: string, reason: string, options?: AbsenceOptions): void;
  note(text: string): void;
  /** Ends the test: nothing on the target to work on. Never a pass. */
  skip(reason: string, options?: AbsenceOptions): never;
}

export interface RuleTestOptions {
  /** The check changes state or loads the target: runs on loopback targets or with --allow-writes. */
  writes?: boolean;
  timeout?: number;
  /** Why the test takes turns across the run (src/harness/turns.ts); without it, it runs beside the others. */
  turns?: TurnReason;
  /**
   * What its turn holds: the keys (addresses, src/samples/turn-holds.ts) whose state it may change;
   * turns on keys apart run side by side. Without it, the turn holds the whole interface.
   */
  holds?: (check: Check) => readonly string[];
  /**
   * Its cases go several at once even while the test takes its turn: they are judged alike whichever
   * arrives first (the broken submissions of one rule, whose controls follow all of them:
   * src/checks/verification-refusal.ts); the test keeps in order what must stay in order.
   */
  casesInAnyOrder?: boolean;
}

const STOPPED_BY: Record<StopCause, string> = {
  throttled: 'target kept throttling',
  budget: 'run limit reached',
  unreachable: 'target did not answer',
  'target-fault': 'target fault',
  abandoned: 'target given up',
};

/** Attempts one test may send; a body that needs more is cut short as run-limited (or throttled). */
const TEST_MAX_ATTEMPTS = 2_000;
/** Time kept back from the test's timeout, so its own budget ends it before vitest does. */
const TEST_TIME_MARGIN_MS = 10_000;

/** Cases of a property sent together by a concurrent test: a distant target's latency is waited on in parallel. */
const CASES_AT_ONCE = 8;

function clip(text: string, max = 600): string {
  return text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;
}

/** Errors that end a test before it judged what it meant to, for reasons on the target's side or the run's limits. */
function stopCause(error: unknown): StopCause | undefined {
  if (error instanceof BudgetExhausted) return 'budget';
  if (error instanceof ThrottledOut) return 'throttled';
  if (error instanceof TargetUnreachable) return 'unreachable';
  if (error instanceof TargetFault) return 'target-fault';
  if (error instanceof TargetAbandoned) return 'abandoned';
  return undefined;
}

/** How a test is scheduled: its own time, vitest's limit, and whether it runs alone or beside others. */
interface Schedule {
  ownTimeMs: number;
  limitMs: number;
  /** Alone across the run among the tests that take turns, not only in its file. */
  takesTurns: boolean;
  sequential: boolean;
}

function scheduleOf(timeout: number, turns: TurnReason | undefined): Schedule {
  const ownTimeMs = Math.max(timeout - TEST_TIME_MARGIN_MS, timeout / 2);
  // A test that takes turns across the run may first wait for one test of every other worker: its
  // time budget starts with its turn, and vitest's limit leaves room for the waits before it.
  const takesTurns = turns !== undefined;
  const limitMs = takesTurns ? timeout * inject('coordinator').workers : timeout;
  // Independent tests run concurrently (at most maxConcurrency of a file at once); a test inside a
  // describe.sequential block keeps its place in line, for requests that depend on each other.
  const sequential = takesTurns || TestRunner.getCurrentSuite()?.options?.sequential === true;
  return { ownTimeMs, limitMs, takesTurns, sequential };
}

/** The test's request budget and a sender that spends it; a refused request is remembered (it skips the test). */
function budgetedSender(state: ReturnType<typeof runState>, ownTimeMs: number) {
  const allowance: TestAllowance = { deadline: Date.now() + ownTimeMs, maxAttempts: TEST_MAX_ATTEMPTS, attempts: 0, throttled: 0 };
  const sender = {
    allowance,
    refused: undefined as string | undefined,
    async send(req: OutgoingRequest): Promise<Exchange> {
      try {
        return await state.client.send({ allowance, ...req });
      } catch (error) {
        // A refused request skips the test even if the body catches the error: it could not check what it meant to.
        if (error instanceof RequestRefused) sender.refused ??= error.message;
        throw error;
      }
    },
  };
  return sender;
}

/** How a test's body ended: judged to the end, broken (failure), skipped for want of data, or stopped. */
interface TestEnd {
  failure?: unknown;
  skip?: { reason: string; mayLack: boolean };
  stopped?: ConformanceMeta['stopped'];
}

/** Error classification: the target or the run's limits stopped it, a check skipped it, or it failed (a finding or a harness error). */
export function classifyEnd(error: unknown, redact: Redactor, exchanges: Exchange[], refused: string | undefined): TestEnd {
  const end: TestEnd = {};
  const cause = stopCause(error);
  if (error instanceof SkipCheck) end.skip = { reason: redact.text(error.message), mayLack: error.mayLack };
  else if (cause) end.stopped = { cause, message: redact.text((error as Error).message) };
  else if (error !== undefined) end.failure = error;
  // A check that trips (a TypeError) is an error of the suite, never the target's fault; an answer
  // that is not JSON is named beside it, for whoever mends the check.
  const unreadable = end.failure instanceof TypeError ? unreadableAnswer(exchanges) : undefined;
  if (unreadable) (end.failure as Error).message += ` (the test also met an answer that is not JSON: ${describeExchange(unreadable)})`;
  if (refused) {
    end.skip = { reason: refused, mayLack: false };
    // An error after a refusal is its consequence (the body had no answer to work with), not a finding.
    if (!(end.failure instanceof RuleViolation)) delete end.failure;
  }
  return end;
}

/**
 * The every-answer rules, whatever else judged an answer: a 5xx a check booked under a softer rule
 * is still a server error. Only the same rule on the same answer is not booked twice.
 */
function judgeAnswers(evidence: TestEvidence, iface: InterfaceName, exchanges: Exchange[]): void {
  for (const j of judgeEveryAnswer(iface, exchanges)) {
    if (!j.held && evidence.tallies.violatedBy(j.exchange, j.rule)) continue;
    evidence.soft(j.rule, j.held, j.detail, j.exchange);
  }
}

/**
 * Declares a conformance test that checks the given catalogue rules. Unknown rule ids fail at
 * collection time; the rules travel as the test's metadata, for `npm run rules` and the report.
 */
export function ruleTest(name: string, rules: string[], body: (check: Check) => Promise<void>, options: RuleTestOptions = {}): void {
  const catalogue = loadCatalogue();
  const unknown = rules.filter((r) => !catalogue.has(r));
  if (rules.length === 0 || unknown.length) throw new Error(`test "${name}" names unknown rules: ${unknown.join(', ') || '(none given)'}`);
  const iface = interfaceOfRule(rules[0]!);
  if (options.holds && !options.turns) throw new Error(`test "${name}" names what its turn holds but takes no turns`);
  const schedule = scheduleOf(options.timeout ?? 120_000, options.turns);

  test(name, { timeout: schedule.limitMs, meta: { rules }, ...(schedule.sequential ? { sequential: true } : { concurrent: true }) }, async (ctx) => {
    const state = runState();
    const { config } = state;
    const expectations = config.expectations ?? [];
    const exchanges: Exchange[] = [];
    const meta: ConformanceMeta = { rules, evaluations: {}, notEvaluated: [], violations: [], heldOnExpected: [], requests: 0, throttled: 0, notes: [] };
    ctx.task.meta.conformance = meta;
    await labelForReport(iface, rules, config);

    const evidence = new TestEvidence(catalogue, expectations, (text) => state.redact.text(text));
    const base = config.targets[TARGET_OF[iface]];
    const scope = { exchanges, writesAllowed: Boolean(options.writes) && config.allowWrites };
    const sender = budgetedSender(state, schedule.ownTimeMs);
    const check: Check = {
      config,
      base,
      casesAtOnce: schedule.sequential && !options.casesInAnyOrder ? 1 : CASES_AT_ONCE,
      send: (req) => sender.send({ base, service: iface, ...req }),
      get: (path, query) => sender.send({ method: 'GET', base, service: iface, url: path, query }),
      soft: (rule, holds, detail, exchange, clause) => evidence.soft(rule, holds, detail, exchange, clause),
      keepViolation: (violation) => evidence.keep(violation),
      notEvaluated: (rule, reason, absence) => evidence.notEvaluated({ rule, reason, ...(absence?.mayLack ? { mayLack: true } : {}) }),
      note: (text) => void meta.notes.push(state.redact.text(text)),
      skip: skipBecause,
    };

    let thrown: unknown;
    try {
      if (options.writes && !(config.allowWrites || config.loopback[iface])) {
        skipBecause('changes state or loads the target: runs on loopback targets, elsewhere only with --allow-writes');
      }
      const judge = () => runInTestScope(scope, () => collectEvaluations(evidence, () => body(check)));
      const claim = { name: `interface ${iface}`, ...(options.holds ? { keys: options.holds(check) } : {}) };
      await (schedule.takesTurns ? state.limits.alone(claim, () => {
        sender.allowance.deadline = Date.now() + schedule.ownTimeMs;
        return judge();
      }) : judge());
    } catch (error) {
      thrown = error;
    }
    const end = classifyEnd(thrown, state.redact, exchanges, sender.refused);
    if (end.stopped) meta.stopped = end.stopped;
    judgeAnswers(evidence, iface, exchanges);
    await reportTest({ ctx, name, rules, meta, end, evidence, exchanges, allowance: sender.allowance, refused: sender.refused });
  });
}

interface TestRecord {
  ctx: TestContext;
  name: string;
  rules: string[];
  meta: ConformanceMeta;
  end: TestEnd;
  evidence: TestEvidence;
  exchanges: Exchange[];
  allowance: TestAllowance;
  refused: string | undefined;
}

/** Reporting: the test's metadata for the verdict, its evidence for allure, and how vitest sees it end. */
async function reportTest({ ctx, name, rules, meta, end, evidence, exchanges, allowance, refused }: TestRecord): Promise<void> {
  const { config, redact } = runState();
  const expectations = config.expectations ?? [];
  const catalogue = loadCatalogue();
  const { failure, skip } = end;
  // Every attempt the test sent: retries after faults and requests it gave up on included.
  meta.requests = allowance.attempts;
  meta.throttled = exchanges.reduce((n, ex) => n + ex.throttled.length, 0);
  if (meta.throttled) meta.notes.push(`waited out ${meta.throttled} throttling answer(s) from the target`);
  // What the check found to work on (counts, empty lists) is read next to its requests in the HTML report.
  if (meta.notes.length) await allure.attachment('notes.txt', meta.notes.join('\n'), 'text/plain');

  const violations = evidence.violations(failure);
  const curls = await attachEvidence(exchanges, redact.exchange, violations.length > 0 || failure !== undefined, reproducerDir(config, ctx.task.id, name));
  const curlOf = (v: RuleViolation) => (v.exchange && exchanges.includes(v.exchange) ? curls[exchanges.indexOf(v.exchange)] : undefined);
  const { tallies } = evidence;
  meta.evaluations = tallies.tallies();
  meta.notEvaluated = tallies.skipped;
  meta.heldOnExpected = tallies.heldOnExpected();
  meta.violations = violations.map((v) => recordViolation(v, catalogue.get(v.rule)!.source, expectations, redact, curlOf(v)));
  // A broken rule the test did not name (a 5xx, a helper's check of a neighbouring rule) is labelled too.
  for (const rule of new Set(violations.map((v) => v.rule))) if (!rules.includes(rule)) await allure.label('rule', rule);

  const stopped = meta.stopped ? `${STOPPED_BY[meta.stopped.cause]}: ${meta.stopped.message}` : undefined;
  if ((skip || stopped) && violations.length === 0 && failure === undefined) {
    meta.skipReason = skip?.reason;
    if (skip?.mayLack) meta.skipMayLack = true;
    // A test that found nothing to work on judged none of what it set out to: what held on the way
    // (a page's 200, a filter name accepted) does not pass its rules.
    if (skip && !refused) {
      meta.evaluations = {};
      meta.heldOnExpected = [];
    }
    await allure.description(`Not judged: ${skip?.reason ?? stopped}`);
    ctx.skip(skip?.reason ?? stopped);
  }
  if (failure !== undefined && !(failure instanceof RuleViolation)) throw redactError(failure, redact);
  if (violations.length) throw new ContractCheckFailed(failureMessage(violations, redact, curlOf));
}

/** A harness error's text can quote an answer: mask it before vitest prints and stores it. */
function redactError(error: unknown, redact: Redactor): unknown {
  if (!(error instanceof Error)) return new Error(redact.text(String(error)));
  error.message = redact.text(error.message);
  if (error.stack) error.stack = redact.text(error.stack);
  return error;
}

function recordViolation(v: RuleViolation, source: RuleSource, expectations: Expectation[], redact: Redactor, curl: string | undefined): RecordedViolation {
  const matching = expectations.filter((e) => e.rule === v.rule && expectationCoversViolation(e, v.exchange, v.message)).map(expectationKey);
  const exchange = v.exchange && redact.exchange(v.exchange);
  return {
    rule: v.rule,
    source,
    message: redact.text(v.message),
    expectations: matching,
    ...(exchange ? { exchange: { request: describeExchange(exchange), curl: curl ?? toCurl(exchange) } } : {}),
  };
}

async function labelForReport(iface: InterfaceName, rules: string[], config: ResolvedConfig): Promise<void> {
  const catalogue = loadCatalogue();
  await allure.epic(iface);
  for (const id of rules) {
    const rule = catalogue.get(id)!;
    await allure.feature(`section ${rule.section}`);
    await allure.story(ruleStory(rule));
    await allure.label('rule', id);
    await allure.tag(rule.source);
  }
  await allure.parameter('seed', String(config.seed));
}

/** Attaches the requests, and for a failed test the exchanges and its reproducer; returns a curl per exchange. */
async function attachEvidence(exchanges: Exchange[], redact: (ex: Exchange) => Exchange, failed: boolean, dir: string | undefined): Promise<string[]> {
  if (exchanges.length === 0) return [];
  const safe = exchanges.map(redact);
  await allure.attachment('requests.txt', safe.map((ex) => `${ex.status}  ${ex.method} ${ex.url}`).join('\n'), 'text/plain');
  if (!failed) return [];
  const trimmed = safe.map((ex) => ({ ...ex, requestBody: ex.requestBody && clip(ex.requestBody, 20_000), responseBody: clip(ex.responseBody, 20_000) }));
  await allure.attachment('exchanges.json', JSON.stringify(trimmed, null, 2), 'application/json');
  const reproducer = writeReproducer(safe, dir);
  await allure.attachment('reproduce.sh', reproducer.script, 'text/plain');
  return reproducer.curls;
}

function failureMessage(violations: RuleViolation[], redact: Redactor, curlOf: (v: RuleViolation) => string | undefined): string {
  const shown = violations.slice(0, 10).map((v) => {
    const lines = [v.message];
    if (v.exchange) {
      const ex = redact.exchange(v.exchange);
      lines.push(`  answer body: ${clip(ex.responseBody, 300)}`, `  reproduce: ${curlOf(v) ?? clip(toCurl(ex), 1000)}`);
    }
    return redact.text(lines.join('\n'));
  });
  if (violations.length > 10) shown.push(`... and ${violations.length - 10} more violations`);
  return shown.join('\n');
}
