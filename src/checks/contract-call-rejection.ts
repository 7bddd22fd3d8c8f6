import { answersAsUnknownRoute } from '../discovery/route-served.ts';
import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';
import { responseJson } from '../http/exchange.ts';
import { messageNamesParameter } from './parameter-named.ts';
import { expectQueryErrorBody } from './query-error-body.ts';
import { expectRule } from './rule-violation.ts';
import { rejectionClause } from './take-or-refuse-clauses.ts';

const ERROR_BODY_RULE = 'LQ-7-contract-call-error-body';

/**
 * A contract call the target must refuse: a 4xx answer (the contract leaves the exact code open)
 * under the rule that makes the body invalid, carrying the query error body (section 7). A 404
 * that is the target's answer for a route it does not serve refused nothing: not evaluated.
 */
export async function expectCallRejected(t: Check, exchange: Exchange, rule: string, why: string): Promise<void> {
  if (await answersAsUnknownRoute(t, exchange)) {
    const reason = `POST /api/v1/contracts/call answered ${why} as a route the target does not serve (the 404 of a path that does not exist): it refused nothing`;
    for (const judged of new Set([rule, ERROR_BODY_RULE])) t.notEvaluated(judged, reason);
    return;
  }
  expectRule(rule, exchange.status >= 400 && exchange.status < 500, `${why}: expected a 4xx rejection, got ${exchange.status}`, exchange, rejectionClause(rule));
  await expectQueryErrorBody(t, exchange, { status: 'client-error', statusRule: ERROR_BODY_RULE });
}

/** Any failure of the contract call answers with the error body of section 2.5; an unserved route's 404 is none. */
export async function expectCallErrorBody(t: Check, exchange: Exchange): Promise<void> {
  if (await answersAsUnknownRoute(t, exchange)) {
    t.notEvaluated(ERROR_BODY_RULE, `POST /api/v1/contracts/call answered as a route the target does not serve: no failure of a call to judge`);
    return;
  }
  await expectQueryErrorBody(t, exchange, { status: 'client-error', statusRule: ERROR_BODY_RULE });
}

/** A 4xx refusal of the call whose error messages name the body field: refused for that field, not for what the call did. */
export function refusalNames(exchange: Exchange, field: string): boolean {
  if (exchange.status < 400 || exchange.status >= 500) return false;
  const messages = (responseJson(exchange) as { _status?: { messages?: Array<{ message?: unknown; detail?: unknown }> } } | undefined)?._status?.messages;
  return (Array.isArray(messages) ? messages : []).some((m) => messageNamesParameter(`${String(m?.message ?? '')} ${String(m?.detail ?? '')}`, field));
}
