import fc from 'fast-check';
import { describe } from 'vitest';
import { entityIdArbitrary } from '../../generators/semantic/entity-id.ts';
import { evmAddressArbitrary } from '../../generators/semantic/evm-address.ts';
import { expectCallErrorBody, expectCallRejected } from '../../src/checks/contract-call-rejection.ts';
import { messageNamesParameter } from '../../src/checks/parameter-named.ts';
import { expectQueryErrorBody } from '../../src/checks/query-error-body.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { answerSummary } from '../../src/checks/same-answer.ts';
import { sendCall } from '../../src/discovery/answered-call.ts';
import { fillPath } from '../../src/discovery/lookup-cases.ts';
import { routeNotServed } from '../../src/discovery/route-served.ts';
import { forEachCase, partsAtOnce } from '../../src/harness/cases-at-once.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { isThrottlingAnswer } from '../../src/harness/every-answer.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { responseJson, type Exchange } from '../../src/http/exchange.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { listKeyOf, listOperations, type OperationRef } from '../../specs/operations.ts';
import { stringMatchingArbitrary } from '../../generators/schema/string-matching.ts';

const operations = listOperations(await loadSpec('ledger-query'));
/** The lists that need no ID: every hostile query below is tried on them. */
const lists = operations.filter((op) => op.method === 'get' && !op.path.includes('{') && listKeyOf(op) !== undefined);
const declaredNames = (op: OperationRef) => op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
/** Operations outside the 4.6 table (their paths fall under section 1, not 4.6, for odd methods). */
const FOUR_SIX_EXCLUDED = new Set(['listSchedules', 'listTransactions', 'getTopic', 'callContract', 'estimateFees']);

/** No server error, a JSON body, and the error body when the answer is an error. */
async function expectHandled(t: Check, exchange: Exchange, what: string): Promise<void> {
  expectRule('LQ-7-no-server-error', exchange.status < 500, `${what}: ${answerSummary(exchange)}`, exchange);
  expectRule('LQ-1-json-responses', responseJson(exchange) !== undefined, `${what}: answered ${exchange.status} without a JSON body`, exchange);
  if (exchange.status >= 400) await expectQueryErrorBody(t, exchange, { status: 'client-error', statusRule: 'LQ-7-no-server-error' });
}

/** A parameter name the list declares, or one every list of the public service takes. */
const parameterName = (op: OperationRef) => fc.constantFrom(...new Set([...declaredNames(op), 'limit', 'order']));
const parameterText = fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.constantFrom('asc', 'desc', 'gt:0.0.1', 'lte:1700000000'), stringMatchingArbitrary(/^[a-z0-9.:]{0,12}$/));
/** Any path of the document with its templates filled by plausible IDs (existence does not matter here). */
const filledPath = (op: OperationRef) =>
  fc.tuple(...op.parameters.filter((p) => p.in === 'path').map((p) => entityIdArbitrary().map((id) => [p.name, id] as const)))
    .map((pairs) => fillPath(op.path, Object.fromEntries(pairs)));

describe.concurrent('query service robustness', () => {
  ruleTest('answers a parameter repeated several times without a server error', ['LQ-7-no-server-error', 'LQ-1-json-responses'], async (t) => {
    const input = fc.constantFrom(...lists).chain((op) => fc.tuple(fc.constant(op), parameterName(op), fc.array(parameterText, { minLength: 2, maxLength: 5 })));
    await checkProperty(t, input, async ([op, name, values]) => {
      await expectHandled(t, await t.get(op.path, values.map((v) => [name, v])), `${op.path} with ${name} given ${values.length} times`);
    });
  });

  ruleTest('rejects query keys with brackets with 400 and the error body', ['LQ-7-bracketed-keys-400'], async (t) => {
    const key = fc.tuple(fc.oneof(fc.constantFrom('limit', 'order', 'account.id', 'a'), stringMatchingArbitrary(/^[a-z]{1,8}$/)), stringMatchingArbitrary(/^[a-z0-9]{0,4}$/))
      .map(([name, inner]) => `${name}[${inner}]`);
    await checkProperty(t, fc.tuple(fc.constantFrom(...lists), key, stringMatchingArbitrary(/^[a-z0-9]{1,6}$/)), async ([op, k, value]) => {
      const exchange = await t.send({ method: 'GET', url: op.path, rawQuery: `${k}=${value}` });
      await expectQueryErrorBody(t, exchange, { status: 400, statusRule: 'LQ-7-bracketed-keys-400' });
    });
  });

  ruleTest('rejects an unknown query parameter with 400 and a message naming it', ['LQ-7-unknown-parameter-400'], async (t) => {
    const unknownName = stringMatchingArbitrary(/^[a-z][a-z_]{2,12}$/).map((s) => `x_${s}`);
    await checkProperty(t, fc.tuple(fc.constantFrom(...lists), unknownName, parameterText), async ([op, name, value]) => {
      const exchange = await t.get(op.path, [[name, value]]);
      if (exchange.status === 404 && (await routeNotServed(t, op.path))) {
        t.notEvaluated('LQ-7-unknown-parameter-400', `${op.path} is not served by the target: a 404 there rejects no parameter`);
        return;
      }
      const messages = await expectQueryErrorBody(t, exchange, { status: 400, statusRule: 'LQ-7-unknown-parameter-400' });
      t.soft('LQ-7-unknown-parameter-400', messages.some((m) => messageNamesParameter(`${m.message} ${m.detail ?? ''}`, name)),
        `no message names the unknown parameter ${name}: ${JSON.stringify(messages.map((m) => m.message))}`, exchange);
    });
  });

  ruleTest('answers very long parameter values and path IDs without a server error', ['LQ-7-no-server-error', 'LQ-1-json-responses'], async (t) => {
    const longText = fc.tuple(fc.constantFrom('0', '9', 'a', '.', '0.0.1', 'gt:'), fc.integer({ min: 1_000, max: 6_000 })).map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));
    const templated = operations.filter((op) => op.method === 'get' && op.path.includes('{'));
    const inQuery = fc.constantFrom(...lists).chain((op) => fc.tuple(fc.constant(op.path), parameterName(op), longText))
      .map(([path, name, value]) => ({ path, query: [[name, value]] as Array<[string, string]>, what: `${path} with ${name} of ${value.length} characters` }));
    const inPath = fc.tuple(fc.constantFrom(...templated), longText).map(([op, value]) => ({
      path: fillPath(op.path, Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, value]))),
      query: [] as Array<[string, string]>,
      what: `${op.path} with IDs of ${value.length} characters`,
    }));
    await checkProperty(t, fc.oneof(inQuery, inPath), async ({ path, query, what }) => {
      await expectHandled(t, await t.get(path, query), what);
    });
  });

  ruleTest('does not serve methods other than the documented ones on any path', ['LQ-1-read-only-methods', 'LQ-4.6-get-only'], async (t) => {
    const byPath = new Map<string, OperationRef[]>();
    for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
    const input = fc.constantFrom(...byPath.values()).chain((ops) => {
      const documented = new Set(ops.map((op) => op.method.toUpperCase()));
      const odd = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !documented.has(m));
      return fc.tuple(fc.constant(ops), fc.constantFrom(...odd), filledPath(ops[0]!));
    });
    const expectNotServed = async (ops: OperationRef[], method: string, path: string): Promise<void> => {
      const exchange = await t.send({ method, url: path, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
      const served = exchange.status >= 200 && exchange.status < 300;
      const rule = ops.every((op) => op.method === 'get' && !FOUR_SIX_EXCLUDED.has(op.operationId)) ? 'LQ-4.6-get-only' : 'LQ-1-read-only-methods';
      expectRule(rule, !served, `${method} ${path} was served: ${answerSummary(exchange)}`, exchange);
    };
    // Paths without parameters are few: each is sent every undocumented method once, so no pair is
    // left to chance; templated paths are sampled with generated IDs.
    const fixedPairs = [...byPath.values()].filter((ops) => !ops[0]!.path.includes('{')).flatMap((ops) => {
      const documented = new Set(ops.map((op) => op.method.toUpperCase()));
      return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !documented.has(m)).map((method) => ({ ops, method }));
    });
    await partsAtOnce(t, [
      () => forEachCase(t, fixedPairs, ({ ops, method }) => expectNotServed(ops, method, ops[0]!.path)),
      () => checkProperty(t, input, ([ops, method, path]) => expectNotServed(ops, method, path), { runs: t.config.depth * 3 }),
    ]);
  });

  ruleTest('rejects malformed JSON and non-object bodies to the contract call with the error body', ['LQ-7-contract-call-error-body'], async (t) => {
    const valid = fc.record({ to: evmAddressArbitrary(), data: fc.constantFrom('0x', '0x313ce567', '0x70a08231') }).map((b) => JSON.stringify(b));
    const broken = fc.oneof(
      valid.chain((text) => fc.integer({ min: 1, max: text.length - 1 }).map((cut) => ({ text: text.slice(0, cut), how: `cut to ${cut} characters` }))),
      fc.tuple(valid, fc.constantFrom('x', ',', '}', '{', ']', 'null')).map(([text, tail]) => ({ text: text + tail, how: `followed by ${tail}` })),
      valid.map((text) => ({ text: text.replace(/"/g, "'"), how: 'in single quotes' })),
      fc.integer({ min: 1_000, max: 50_000 }).map((depth) => ({ text: `{"to":${'['.repeat(depth)}${']'.repeat(depth)}}`, how: `to nested ${depth} arrays deep` })),
    );
    // The bodies that are no call object at all, each every run: a parser may take any one of them for an empty call.
    const notCallObjects = ['', ' ', 'null', '[]', '"to"', '42', 'true', '{"to":1e400}'].map((text) => ({ text, how: `not a call object (${JSON.stringify(text)})` }));
    await checkProperty(t, broken, async ({ text, how }) => {
      await expectCallRejected(t, await sendCall(t, text), 'LQ-7-contract-call-error-body', `a body ${how}`);
    }, { examples: notCallObjects });
  });

  ruleTest('answers text, form and binary bodies to the contract call with 415 and the error body', ['LQ-4.3-non-json-415', 'LQ-7-contract-call-error-body'], async (t) => {
    const mediaTypes = ['text/plain', 'text/html', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream'];
    const body = fc.tuple(fc.constantFrom(...mediaTypes), stringMatchingArbitrary(/^[ -~]{0,200}$/));
    await checkProperty(t, body, async ([contentType, text]) => {
      const exchange = await sendCall(t, text, contentType);
      expectRule('LQ-4.3-non-json-415', exchange.status === 415, `a ${contentType} body answered ${answerSummary(exchange)}`, exchange);
      await expectCallErrorBody(t, exchange);
    }, {
      // Each media type every run, with a JSON object as its text: a target that reads any body as JSON shows it.
      examples: mediaTypes.map((contentType) => [contentType, '{}'] as [string, string]),
    });
  });

  ruleTest('answers each read of a short burst as it answers it alone, or throttles it (429)', ['LQ-8-no-stated-rate-limit'], async (t) => {
    const paths = lists.map((op) => op.path);
    // What each path answers outside the burst: a 400 or 404 it gives alone is its answer, not throttling.
    const alone = new Map<string, number>();
    for (const path of paths) alone.set(path, (await t.get(path)).status);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => t.send({ method: 'GET', url: paths[i % paths.length]!, waitOutThrottling: false })));
    burst.forEach((exchange, i) => {
      const path = paths[i % paths.length]!;
      const throttled = isThrottlingAnswer(exchange);
      t.soft('LQ-8-no-stated-rate-limit', exchange.status === alone.get(path) || throttled,
        `a read of ${path} in a burst of 20 answered ${answerSummary(exchange)}; alone it answers ${alone.get(path)} (neither the same answer nor throttling)`, exchange);
    });
  });
});
