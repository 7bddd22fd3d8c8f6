import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { formatViolations, schemaChecker } from '../../specs/schema-validator.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { expectRule } from './rule-violation.ts';
import { messageNamesParameter } from './parameter-named.ts';
import { rejectionClause } from './take-or-refuse-clauses.ts';

/** The rules every query error body is judged by (section 2.5): what a test of error answers declares. */
export const ERROR_BODY_RULES = ['LQ-2.5-error-body-shape', 'LQ-2.5-error-data-hex'];
/** The rules of the messages about invalid parameters (section 7), judged when `parameters` is given. */
export const PARAMETER_MESSAGE_RULES = ['LQ-7-one-message-per-invalid-parameter', 'LQ-7-message-names-parameter'];

export interface ExpectedQueryError {
  /** The status the answer must have, or `client-error` where any 4xx is right (a refused contract call). */
  status: number | 'client-error';
  /** Invalid parameters the answer must name, one message each (contract section 7). */
  parameters?: Array<string | { name: string; aliases: string[] }>;
  /** The answer must hold exactly one message (404 of the topic lookup). */
  singleMessage?: boolean;
  /** Rule the status code belongs to (e.g. LQ-4.1-limit-range). */
  statusRule: string;
}

interface ErrorMessage {
  message: string;
  detail?: string | null;
  data?: string | null;
}

/**
 * The query service's error answer: the expected status, the error body of section 2.5 (with
 * `data` as hex), and for 400s one message per invalid parameter, each naming it (section 7).
 */
export async function expectQueryErrorBody(t: Check, exchange: Exchange, expected: ExpectedQueryError): Promise<ErrorMessage[]> {
  const statusHolds = expected.status === 'client-error' ? exchange.status >= 400 && exchange.status < 500 : exchange.status === expected.status;
  // A 400 for an invalid value is the refusal part of a parameter rule that says more (catalogue clause rejects-invalid).
  const clause = expected.status === 400 ? rejectionClause(expected.statusRule) : undefined;
  expectRule(expected.statusRule, statusHolds, `expected status ${expected.status === 'client-error' ? '4xx' : expected.status}, got ${exchange.status}`, exchange, clause);
  const body = responseJson(exchange);
  const doc = await loadSpec('ledger-query');
  const schema = (doc.components!.schemas as Record<string, object>).ErrorBody!;
  const violations = schemaChecker(schema)(body);
  expectRule('LQ-2.5-error-body-shape', violations.filter((v) => v.keyword !== 'pattern').length === 0,
    `error body does not match section 2.5:\n${formatViolations(violations)}`, exchange);
  const messages = (body as { _status: { messages: ErrorMessage[] } })._status.messages;
  // The rule speaks of data only when it is a string: a message without it judges nothing.
  for (const m of messages) {
    if (typeof m.data === 'string') t.soft('LQ-2.5-error-data-hex', /^0x[0-9a-fA-F]+$/.test(m.data), `message data ${JSON.stringify(m.data)} is not hex text ^0x[0-9a-fA-F]+$`, exchange);
  }
  if (expected.singleMessage) {
    expectRule('LQ-7-not-found-single-message', messages.length === 1, `expected exactly one message, got ${messages.length}`, exchange);
  }
  const params = (expected.parameters ?? []).map((p) => (typeof p === 'string' ? { name: p, aliases: [] } : p));
  if (params.length) {
    // With one invalid parameter any error body holds; "one per parameter" shows only with several.
    expectRule('LQ-7-one-message-per-invalid-parameter', messages.length >= params.length,
      `${params.length} invalid parameter(s) (${params.map((p) => p.name).join(', ')}) but ${messages.length} message(s)`, exchange, params.length > 1 ? 'several-invalid' : 'one-invalid');
    for (const p of params) {
      const named = messages.some((m) => messageNamesParameter(`${m.message} ${m.detail ?? ''}`, p.name, p.aliases));
      t.soft('LQ-7-message-names-parameter', named, `no message names the invalid parameter "${p.name}": ${JSON.stringify(messages.map((m) => m.message))}`, exchange);
    }
  }
  return messages;
}
