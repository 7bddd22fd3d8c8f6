import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe } from 'vitest';
import { parameterRules, parameterSchema } from '../../generators/requests/parameter-schema.ts';
import { queryArbitrary } from '../../generators/requests/query-arbitrary.ts';
import { semanticInvalidParameterArbitrary } from '../../generators/requests/semantic-invalid-parameter.ts';
import { boundaryCases } from '../../generators/schema/boundary-cases.ts';
import { isAmbiguous } from '../../generators/schema/invalid-case.ts';
import { rulesOf } from '../../generators/schema/schema-node.ts';
import { validArbitrary } from '../../generators/schema/valid-arbitrary.ts';
import { expectAcceptedQuery } from '../../src/checks/accepted-query.ts';
import { filterNameAccepted } from '../../src/checks/filter-name-accepted.ts';
import { ERROR_BODY_RULES, expectQueryErrorBody, PARAMETER_MESSAGE_RULES } from '../../src/checks/query-error-body.ts';
import { expectMatchesResponseSchema } from '../../src/checks/response-schema.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { responseSchemaRules } from '../../src/checks/schema-rules.ts';
import { softly } from '../../src/checks/softly.ts';
import { forEachCase, mapCases } from '../../src/harness/cases-at-once.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { responseJson } from '../../src/http/exchange.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, type OperationRef } from '../../specs/operations.ts';

const spec = await loadSpec('ledger-query');
/** Entity-ID parameters of the lists. */
const ENTITY_ID_PARAMETERS = ['account.id', 'schedule.id'];
/** Values the ID pattern refuses: realm.num, 11 digits, one past 2^63 - 1, 20 digits, an EVM address. */
const BEYOND_ENTITY_ID_PATTERN = ['0.1001', '12345678901', (2n ** 63n).toString(), `1${'0'.repeat(19)}`, `0x${'0'.repeat(39)}1`];
/** The longest values the patterns of 4.1 and 4.2 allow: every part or digit group at its maximum. */
const LONGEST_ID = ['9999999999.9999999999.9999999999', '0000000000.0000000000.0000000001'];
const PATTERN_EDGES: Record<string, string[]> = {
  'account.id': LONGEST_ID,
  'schedule.id': LONGEST_ID,
  timestamp: ['9999999999.999999999', 'lt:9223372037'],
};
/** Enumerated boundary lists (59 type names, each misspelt three ways) are thinned to this many per run. */
const BOUNDARY_CASES_PER_PARAMETER = 15;

interface Endpoint {
  op: OperationRef;
  listKey: string;
  key: string;
  envelope: string;
  invalid400: string;
}

const endpoints: Endpoint[] = [
  { op: findOperation(spec, 'listSchedules'), listKey: 'schedules', key: 'schedule_id', envelope: 'LQ-4.1-schedules-envelope', invalid400: 'LQ-4.1-invalid-parameter-400' },
  { op: findOperation(spec, 'listTransactions'), listKey: 'transactions', key: 'consensus_timestamp', envelope: 'LQ-4.2-transactions-envelope', invalid400: 'LQ-4.2-invalid-parameter-400' },
];

const unique = (rules: string[]) => [...new Set(rules)];
const isObservedName = (p: OpenAPIV3_1.ParameterObject) => (p as { 'x-observed-name'?: boolean })['x-observed-name'] === true;
/** A parameter's own rules, then its schema's: the first is the one its values are judged by. */
const rulesOfParameter = (p: OpenAPIV3_1.ParameterObject) => rulesOf(p as { 'x-rules'?: unknown }, parameterSchema(p));

/** The cases spread over a long list: every k-th, so each kind of break still occurs. */
function spread<T>(cases: T[], max: number): T[] {
  if (cases.length <= max) return cases;
  const step = cases.length / max;
  return Array.from({ length: max }, (_, i) => cases[Math.floor(i * step)]!);
}

/**
 * The operation without the observed-name filters the target does not take (each reported under
 * LQ-4.2-filter-names), so valid-query checks do not blame a value for an unknown name.
 */
async function withTakenFilters(t: Check, op: OperationRef): Promise<OperationRef> {
  const kept: OpenAPIV3_1.ParameterObject[] = [];
  for (const p of op.parameters) {
    const sample = parameterSchema(p).enum?.[0];
    if (!isObservedName(p) || (await filterNameAccepted(t, p.name, String(sample)))) kept.push(p);
  }
  return { ...op, parameters: kept };
}

for (const endpoint of endpoints) {
  const { op } = endpoint;
  const parameters = op.parameters.filter((p) => p.in === 'query');
  const parameterRuleIds = unique(parameters.flatMap(rulesOfParameter));
  const ruleOf = (name: string) => rulesOfParameter(parameters.find((p) => p.name === name)!)[0] ?? endpoint.invalid400;
  const schemaRules = await responseSchemaRules(op.operationId, 200);
  const invalidRules = unique([...parameterRuleIds, endpoint.invalid400, ...ERROR_BODY_RULES, ...PARAMETER_MESSAGE_RULES, 'LQ-7-no-server-error']);

  describe.concurrent(`GET ${op.path}`, () => {
    ruleTest('accepts every combination of valid parameter values with 200 and a well-formed page', unique([endpoint.envelope, ...parameterRuleIds, ...schemaRules, 'LQ-7-no-server-error']), async (t) => {
      const taken = await withTakenFilters(t, op);
      await checkProperty(t, queryArbitrary(taken, { invalid: 0 }), async ({ query }) => {
        const exchange = await t.get(op.path, query);
        if (!expectAcceptedQuery(expectRule, exchange, query, ruleOf, endpoint.envelope)) return;
        await expectMatchesResponseSchema(t, exchange, 'ledger-query', op.operationId, endpoint.envelope);
        const items = (responseJson(exchange) as Record<string, unknown>)[endpoint.listKey];
        const limit = query.find(([name]) => name === 'limit')?.[1];
        if (limit !== undefined && Array.isArray(items)) expectRule(ruleOf('limit'), items.length <= Number(limit), `limit=${limit} answered ${items.length} items`, exchange);
      });
    });

    ruleTest('rejects an invalid value of any one parameter with 400 and one message naming it', invalidRules, async (t) => {
      const semantic = parameters.map(semanticInvalidParameterArbitrary).filter((a) => a !== undefined);
      const schemaDriven = queryArbitrary(op, { invalid: 1, includeAmbiguous: false });
      const mistakes = fc.oneof(...semantic).map((invalid) => ({ query: [[invalid.name, invalid.value]] as Array<[string, string]>, invalid: [invalid] }));
      await checkProperty(t, fc.oneof(schemaDriven, mistakes), async ({ query, invalid }) => {
        // Alone, the broken value is its own rule's case (the boundary tests); here the others must be taken.
        if (query.length > 1 && !(await partsAnswerAlone(t, op.path, query, invalid))) return;
        const exchange = await t.get(op.path, query);
        const [broken] = invalid;
        await expectQueryErrorBody(t, exchange, { status: 400, statusRule: broken!.rules[0] ?? endpoint.invalid400, parameters: [broken!.name] });
      });
    });

    for (const parameter of parameters) {
      const cases = spread(boundaryCases(parameterSchema(parameter), 'text', { rules: parameterRules(parameter) }).invalid.filter((c) => !isAmbiguous(c)), BOUNDARY_CASES_PER_PARAMETER);
      if (cases.length === 0) continue;
      const shown = cases.slice(0, 4).map((c) => JSON.stringify(String(c.value))).join(', ');
      ruleTest(`rejects each invalid boundary value of ${parameter.name} (${shown}, ...) with 400 naming it`,
        unique([...rulesOfParameter(parameter), ...ERROR_BODY_RULES, ...PARAMETER_MESSAGE_RULES, 'LQ-7-no-server-error']), async (t) => {
          await forEachCase(t, cases, async (c) => {
            const exchange = await t.get(op.path, [[parameter.name, String(c.value)]]);
            await softly(t, () => expectQueryErrorBody(t, exchange, { status: 400, statusRule: ruleOf(parameter.name), parameters: [parameter.name] }));
          });
        });
    }

    for (const parameter of parameters.filter((p) => ENTITY_ID_PARAMETERS.includes(p.name))) {
      ruleTest(`rejects ${parameter.name} forms beyond the pattern (realm.num, 11 digits, past int64, 20 digits, an EVM address) with 400 naming it`,
        unique([...rulesOfParameter(parameter), ...ERROR_BODY_RULES, ...PARAMETER_MESSAGE_RULES]), async (t) => {
          // Sent every run: forms a service may take as IDs though the pattern refuses them, and numbers past its range.
          await forEachCase(t, BEYOND_ENTITY_ID_PATTERN, async (value) => {
            const exchange = await t.get(op.path, [[parameter.name, value]]);
            await softly(t, () => expectQueryErrorBody(t, exchange, { status: 400, statusRule: ruleOf(parameter.name), parameters: [parameter.name] }));
          });
        });
    }

    ruleTest('accepts the longest values the patterns allow (10-digit ID parts, 10-digit seconds with 9 decimals)', unique([endpoint.envelope, ...parameterRuleIds, 'LQ-7-no-server-error']), async (t) => {
      const edges = parameters.flatMap((p) => (PATTERN_EDGES[p.name] ?? []).map((value): [string, string] => [p.name, value]));
      if (edges.length === 0) t.skip(`${op.path} has no ID or timestamp parameter`);
      await forEachCase(t, edges, async (pair) => {
        const exchange = await t.get(op.path, [pair]);
        expectAcceptedQuery(t.soft, exchange, [pair], ruleOf, endpoint.envelope);
      });
    });

    ruleTest('with two invalid parameters answers 400 with one message per parameter, each naming it', invalidRules, async (t) => {
      await checkProperty(t, queryArbitrary(op, { invalid: 2, includeAmbiguous: false }), async ({ query, invalid }) => {
        if (!(await partsAnswerAlone(t, op.path, query, invalid))) return;
        const exchange = await t.get(op.path, query);
        await expectQueryErrorBody(t, exchange, { status: 400, statusRule: endpoint.invalid400, parameters: invalid.map((i) => i.name) });
      });
    });

    ruleTest('error messages may leave out detail and data; when present they are text or null', [...ERROR_BODY_RULES, 'LQ-2.5-error-fields-may-be-absent'], async (t) => {
      await checkProperty(t, queryArbitrary(op, { invalid: 1, includeAmbiguous: false }), async ({ query }) => {
        const exchange = await t.get(op.path, query);
        // An error body needs an error: an invalid value the target accepts is its parameter rule's finding.
        if (exchange.status < 400 || exchange.status >= 500) {
          t.notEvaluated('LQ-2.5-error-fields-may-be-absent', `${query.map(([k, v]) => `${k}=${v}`).join('&')} answered ${exchange.status}, not an error`);
          return;
        }
        const messages = (responseJson(exchange) as { _status?: { messages?: Array<Record<string, unknown>> } } | undefined)?._status?.messages;
        expectRule('LQ-2.5-error-body-shape', Array.isArray(messages), `an invalid query answered ${exchange.status} without _status.messages`, exchange);
        for (const m of messages) {
          for (const field of ['detail', 'data']) {
            expectRule('LQ-2.5-error-fields-may-be-absent', !(field in m) || m[field] === null || typeof m[field] === 'string',
              `message ${field} is ${JSON.stringify(m[field])}: absent, null or text expected`, exchange);
          }
        }
      });
    });

    const caseRules = ['LQ-7-parameter-names-case-insensitive', endpoint.envelope, ...(parameters.some(isObservedName) ? ['LQ-4.2-filter-names'] : [])];
    ruleTest('takes parameter names, and order and result values, in any letter case', caseRules, async (t) => {
      const taken = (await withTakenFilters(t, op)).parameters.filter((p) => p.in === 'query' && ['limit', 'order', 'result', 'transactiontype'].includes(p.name));
      const anchor = await stableAnchor(t, endpoint);
      const variants = fc.constantFrom(...taken).chain((p) => fc.tuple(
        fc.constant(p.name),
        validArbitrary(parameterSchema(p), 'text') as fc.Arbitrary<string>,
        fc.mixedCase(fc.constant(p.name)),
        fc.boolean(),
      ));
      await checkProperty(t, variants, async ([name, value, nameVariant, changeValue]) => {
        // Only order and result values are case-insensitive (reference notes); type names keep their case.
        const valueVariant = changeValue && (name === 'order' || name === 'result') ? value.toUpperCase() : value;
        const canonical = await t.get(op.path, [...anchor, [name, value]]);
        const variant = await t.get(op.path, [...anchor, [nameVariant, valueVariant]]);
        expectRule('LQ-7-parameter-names-case-insensitive', variant.status === canonical.status,
          `${nameVariant}=${valueVariant} answered ${variant.status}, ${name}=${value} answered ${canonical.status}`, variant);
        const keys = (ex: typeof canonical) => ((responseJson(ex) as Record<string, unknown>)[endpoint.listKey] as Array<Record<string, unknown>> | undefined ?? []).map((i) => i[endpoint.key]).join();
        expectRule('LQ-7-parameter-names-case-insensitive', keys(variant) === keys(canonical), `${nameVariant}=${valueVariant} lists other items than ${name}=${value}`, variant);
      });
    });
  });
}

/**
 * A combined request can only show one message per invalid parameter when each part alone is
 * known: every invalid one rejected (400) and every valid one taken (200). A value the target
 * takes or refuses against the contract (limit=101 on the public service) is its own rule's
 * finding; the message rules are then not evaluated on this request.
 */
async function partsAnswerAlone(t: Check, path: string, query: Array<[string, string]>, invalid: Array<{ name: string; value: unknown }>): Promise<boolean> {
  const broken = new Set(invalid.map((i) => `${i.name}=${String(i.value)}`));
  // The parts do not depend on each other: sent side by side, judged in the query's order.
  const answers = await mapCases(t, query, (part) => t.get(path, [part]));
  for (const [i, [name, value]] of query.entries()) {
    const wanted = broken.has(`${name}=${value}`) ? 400 : 200;
    const alone = answers[i]!;
    if (alone.status !== wanted) {
      for (const rule of PARAMETER_MESSAGE_RULES) t.notEvaluated(rule, `${name}=${value} alone answered ${alone.status}, not ${wanted}: a combined request cannot show one message per invalid parameter`);
      return false;
    }
  }
  return true;
}

/**
 * A filter that keeps two answers comparable on a live target: the transaction list's newest
 * end moves between requests, so its answers are compared below a timestamp of its oldest page.
 */
async function stableAnchor(t: Check, endpoint: Endpoint): Promise<Array<[string, string]>> {
  if (endpoint.key !== 'consensus_timestamp') return [];
  const exchange = await t.get(endpoint.op.path, [['order', 'asc'], ['limit', '50']]);
  const items = (responseJson(exchange) as { transactions?: Array<{ consensus_timestamp: string }> } | undefined)?.transactions ?? [];
  if (items.length === 0) t.skip('the target lists no transactions');
  return [['timestamp', `lte:${items.at(-1)!.consensus_timestamp}`]];
}
