import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { findOperation, responseSchema } from '../../specs/operations.ts';
import { loadSpec, type InterfaceName } from '../../specs/load-spec.ts';
import { rulesExercised } from '../spec/rules-exercised.ts';
import { formatViolations, schemaChecker } from '../../specs/schema-validator.ts';
import { expectRule } from './rule-violation.ts';

/**
 * Validates an answer's JSON against the operation's response schema for its status. Each
 * violation is attributed to the most specific rule on its schema path (`x-rules`; a forbidden null
 * to the rule of the object holding the field), falling back
 * to `fallbackRule`; violations are soft so one run lists every broken field. Every other rule
 * whose schema node the answer reached held on it.
 */
export async function expectMatchesResponseSchema(
  t: Check,
  exchange: Exchange,
  spec: InterfaceName,
  operationId: string,
  fallbackRule: string,
): Promise<unknown> {
  const op = findOperation(await loadSpec(spec), operationId);
  const schema = responseSchema(op, exchange.status);
  const body = responseJson(exchange);
  expectRule(fallbackRule, body !== undefined, `answer is not JSON: ${exchange.responseBody.slice(0, 200)}`, exchange);
  if (!schema) return body;
  const byRule = new Map<string, ReturnType<ReturnType<typeof schemaChecker>>>();
  for (const v of schemaChecker(schema)(body)) {
    const own = v.rules.filter((r) => r.startsWith(fallbackRule.slice(0, 3)));
    // A null where the type allows none is a finding about the field's owner (which fields may be
    // null), not about the value's pattern: it goes to the owner's rule, one finding, one rule.
    const rule = (v.keyword === 'type' && v.actual === null && own.length > 1 ? own[1] : own[0]) ?? fallbackRule;
    byRule.set(rule, [...(byRule.get(rule) ?? []), v]);
  }
  for (const [rule, violations] of byRule) {
    t.soft(rule, false, `${operationId} answer breaks the schema:\n${formatViolations(violations, 8)}`, exchange);
  }
  for (const rule of rulesExercised(schema, body)) {
    if (!byRule.has(rule) && rule.startsWith(fallbackRule.slice(0, 3))) t.soft(rule, true, '', exchange);
  }
  return body;
}
