import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';
import { responseJson } from '../http/exchange.ts';
import { messageNamesParameter } from './parameter-named.ts';
import { expectQueryErrorBody } from './query-error-body.ts';
import { expectRule } from './rule-violation.ts';

/**
 * A contract call the target must refuse: a 4xx answer (the contract leaves the exact code open)
 * under the rule that makes the body invalid, carrying the query error body (section 7).
 */
export async function expectCallRejected(t: Check, exchange: Exchange, rule: string, why: string): Promise<void> {
  expectRule(rule, exchange.status >= 400 && exchange.status < 500, `${why}: expected a 4xx rejection, got ${exchange.status}`, exchange);
  await expectCallErrorBody(t, exchange);
}

/** Any failure of the contract call answers with the error body of section 2.5. */
export async function expectCallErrorBody(t: Check, exchange: Exchange): Promise<void> {
  await expectQueryErrorBody(t, exchange, { status: exchange.status, statusRule: 'LQ-7-contract-call-error-body' });
}

/** A 4xx refusal of the call whose error messages name the body field: refused for that field, not for what the call did. */
export function refusalNames(exchange: Exchange, field: string): boolean {
  if (exchange.status < 400 || exchange.status >= 500) return false;
  const messages = (responseJson(exchange) as { _status?: { messages?: Array<{ message?: unknown; detail?: unknown }> } } | undefined)?._status?.messages;
  return (Array.isArray(messages) ? messages : []).some((m) => messageNamesParameter(`${String(m?.message ?? '')} ${String(m?.detail ?? '')}`, field));
}
