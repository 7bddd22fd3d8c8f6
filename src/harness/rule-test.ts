import * as allure from 'allure-js-commons';
import { test } from 'vitest';
import { TARGET_OF, type ResolvedConfig } from '../config/run-config.ts';
import { RuleViolation } from '../checks/rule-violation.ts';
import { TargetUnreachable, ThrottledOut, type OutgoingRequest } from '../http/client.ts';
import { toCurl } from '../http/curl.ts';
import type { Exchange } from '../http/exchange.ts';
import { BudgetExhausted } from '../http/request-budget.ts';
import { interfaceOfRule, loadCatalogue, titleWithRules } from '../rules/catalogue.ts';
import type { InterfaceName } from '../spec/load-spec.ts';
import { THROTTLED_OUT_SKIP, type ConformanceMeta } from './conformance-meta.ts';
import { RequestRefused } from './request-guard.ts';
import { runState } from './run-state.ts';
import { ruleStory } from '../report/rule-story.ts';
import { reproducerDir, withCurl, writeReproducer } from '../report/reproducer.ts';
import { SkipCheck, skipBecause } from './skip.ts';

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
  send(req: OutgoingRequest): Promise<Exchange>;
  get(path: string, query?: Array<[string, string]>): Promise<Exchange>;
  /** Records a violation and carries on, so one run shows every broken item, not only the first. */
  soft(rule: string, holds: boolean, detail: string, exchange?: Exchange): void;
  note(text: string): void;
  skip(reason: string): never;
}

export interface RuleTestOptions {
  /** The check changes state or loads the target: runs on loopback targets or with --allow-writes. */
  writes?: boolean;
  timeout?: number;
}

const NO_SERVER_ERROR: Record<InterfaceName, string> = {
  'ledger-query': 'LQ-7-no-server-error',
  status: 'ST-4.7-no-server-error',
  verify: 'VF-7-no-server-error',
};

function clip(text: string, max = 600): string {
  return text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;
}

/**
 * Declares a conformance test that checks the given catalogue rules. Unknown rule ids fail at
 * collection time; the rules travel in the title (for `npm run rules`) and in the task meta (for the report).
 */
export function ruleTest(name: string, rules: string[], body: (check: Check) => Promise<void>, options: RuleTestOptions = {}): void {
  const catalogue = loadCatalogue();
  const unknown = rules.filter((r) => !catalogue.has(r));
  if (rules.length === 0 || unknown.length) throw new Error(`test "${name}" names unknown rules: ${unknown.join(', ') || '(none given)'}`);
  const iface = interfaceOfRule(rules[0]!);

  test(titleWithRules(name, rules), { timeout: options.timeout ?? 120_000 }, async (ctx) => {
    const state = runState();
    const { config } = state;
    const exchanges: Exchange[] = [];
    state.current = exchanges;
    const meta: ConformanceMeta = { rules, violations: [], requests: 0, throttled: 0, notes: [], completed: false };
    ctx.task.meta.conformance = meta;
    await labelForReport(iface, rules, config);

    const soft: RuleViolation[] = [];
    const base = config.targets[TARGET_OF[iface]];
    state.writesAllowed = Boolean(options.writes) && config.allowWrites;
    // A refused request skips the test even if the body catches the error: it could not check what it meant to.
    let refused: string | undefined;
    const send = async (req: OutgoingRequest) => {
      try {
        return await state.client.send(req);
      } catch (error) {
        if (error instanceof RequestRefused) refused ??= error.message;
        throw error;
      }
    };
    const check: Check = {
      config,
      base,
      send: (req) => send({ base, ...req }),
      get: (path, query) => send({ method: 'GET', base, url: path, query }),
      soft(rule, holds, detail, exchange) {
        if (!catalogue.has(rule)) throw new Error(`soft check names unknown rule ${rule}`);
        if (!holds) soft.push(new RuleViolation(rule, detail, exchange));
      },
      note: (text) => void meta.notes.push(state.redact.text(text)),
      skip: skipBecause,
    };

    let failure: unknown;
    let skipReason: string | undefined;
    try {
      if (options.writes && !(config.allowWrites || config.loopback[iface])) {
        skipBecause('changes state or loads the target: runs on loopback targets, elsewhere only with --allow-writes');
      }
      await body(check);
      meta.completed = true;
    } catch (error) {
      if (error instanceof SkipCheck) skipReason = error.message;
      else if (error instanceof BudgetExhausted) skipReason = error.message;
      else if (error instanceof ThrottledOut) skipReason = `${THROTTLED_OUT_SKIP}: ${error.message}`;
      else failure = error;
    }
    if (refused) {
      skipReason = refused;
      // An error after a refusal is its consequence (the body had no answer to work with), not a finding.
      if (!(failure instanceof RuleViolation)) failure = undefined;
    }

    for (const ex of exchanges) {
      if (ex.status >= 500) soft.push(new RuleViolation(NO_SERVER_ERROR[iface], `answered ${ex.status}: ${clip(ex.responseBody, 200)}`, ex));
    }
    meta.requests = exchanges.reduce((n, ex) => n + 1 + ex.throttled.length, 0);
    meta.throttled = exchanges.reduce((n, ex) => n + ex.throttled.length, 0);
    if (meta.throttled) meta.notes.push(`waited out ${meta.throttled} throttling answer(s) from the target`);
    // What the check found to work on (counts, empty lists) is read next to its requests in the HTML report.
    if (meta.notes.length) await allure.attachment('notes.txt', meta.notes.join('\n'), 'text/plain');

    const violations = failure instanceof RuleViolation ? [failure, ...soft] : soft;
    const curls = await attachEvidence(exchanges, state.redact.exchange, violations.length > 0 || failure !== undefined, reproducerDir(config, ctx.task.id, name));
    const curlOf = (v: RuleViolation) => (v.exchange && exchanges.includes(v.exchange) ? curls[exchanges.indexOf(v.exchange)] : undefined);
    meta.violations = violations.map((v) => ({ rule: v.rule, source: catalogue.get(v.rule)!.source, message: withCurl(state.redact.text(v.message), curlOf(v)) }));
    // A broken rule counts where it belongs even when the test did not name it (a 5xx under the
    // no-server-error rule, a helper's check of a neighbouring rule), so the report and exit code see it.
    for (const rule of new Set(violations.map((v) => v.rule))) {
      if (meta.rules.includes(rule)) continue;
      meta.rules = [...meta.rules, rule];
      await allure.story(ruleStory(catalogue.get(rule)!));
    }

    if (skipReason && violations.length === 0 && failure === undefined) {
      meta.skipReason = skipReason;
      await allure.description(`Skipped: ${skipReason}`);
      ctx.skip(skipReason);
    }
    if (failure instanceof TargetUnreachable) throw new Error(state.redact.text(failure.message));
    if (failure !== undefined && !(failure instanceof RuleViolation)) throw failure;
    if (violations.length) throw new ContractCheckFailed(failureMessage(violations, state.redact, curlOf));
  });
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

function failureMessage(violations: RuleViolation[], redact: { text: (s: string) => string; exchange: (ex: Exchange) => Exchange }, curlOf: (v: RuleViolation) => string | undefined): string {
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
