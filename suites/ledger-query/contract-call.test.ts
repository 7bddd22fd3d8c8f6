import fc from 'fast-check';
import { describe } from 'vitest';
import { contractCallBodyArbitrary } from '../../generators/requests/contract-call-body.ts';
import type { InvalidField } from '../../generators/requests/body-arbitrary.ts';
import { boundaryCases } from '../../generators/schema/boundary-cases.ts';
import type { SchemaNode } from '../../generators/schema/schema-node.ts';
import { invalidBlockTagArbitrary } from '../../generators/semantic/block-tag.ts';
import { evmAddressArbitrary, invalidEvmAddressArbitrary } from '../../generators/semantic/evm-address.ts';
import { CALL_DATA_MAX_CHARACTERS } from '../../generators/semantic/hex-data.ts';
import { expectCallErrorBody, expectCallRejected, refusalNames } from '../../src/checks/contract-call-rejection.ts';
import { expectSameAsWithout } from '../../src/checks/default-equivalence.ts';
import { labelledJson } from '../../src/checks/json-media-type.ts';
import { knownCallBody, knownCallsFor } from '../../src/known-calls/known-calls.ts';
import { expectQueryErrorBody } from '../../src/checks/query-error-body.ts';
import { expectMatchesResponseSchema } from '../../src/checks/response-schema.ts';
import { decodeErrorString, ERROR_STRING_SELECTOR } from '../../src/checks/revert-reason.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { answerSummary, sameAnswer } from '../../src/checks/same-answer.ts';
import { findAnsweredCall, findAnsweredCalls, findCallWithData, listedContractAddresses, sendCall, type CallBody } from '../../src/discovery/answered-call.ts';
import { discover } from '../../src/discovery/discover.ts';
import { forEachCase } from '../../src/harness/cases-at-once.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { responseJson, type Exchange } from '../../src/http/exchange.ts';
import { exactJsonText } from '../../src/json/exact-json.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, requestBodySchema } from '../../specs/operations.ts';
import { stringMatchingArbitrary } from '../../generators/schema/string-matching.ts';

const callSchema = requestBodySchema(findOperation(await loadSpec('ledger-query'), 'callContract')) as SchemaNode;
const HEX_RESULT = /^0x[0-9a-fA-F]+$/;
/** The spellings of one address the contract's pattern takes: with or without 0x, in lower, upper or mixed case. */
const ADDRESS_SPELLINGS = [true, false].flatMap((prefix) => (['lower', 'upper', 'mixed'] as const).map((caseOf) => ({ prefix, caseOf })));
type AddressSpelling = (typeof ADDRESS_SPELLINGS)[number];
/** The largest int64, the top of the contract's `gas` range (format int64, no maximum). */
const INT64_MAX = 2n ** 63n - 1n;
/** The gas a call runs with when `gas` is left out (the contract's default). */
const GAS_DEFAULT = BigInt((callSchema.properties!.gas as SchemaNode).default as number);
/** How many answered calls a check compares: one call can hide a fault (little gas used, a small output). */
const CALLS_COMPARED = 12;

function resultOf(exchange: Exchange): unknown {
  return (responseJson(exchange) as { result?: unknown } | undefined)?.result;
}

/** A 200 answer of the call: JSON {result} with the contract's hex pattern. */
async function expectHexResult(t: Check, exchange: Exchange, rule: string, what: string, clause?: string): Promise<void> {
  expectRule(rule, exchange.status === 200, `${what}: expected 200, got ${answerSummary(exchange)}`, exchange, clause);
  await expectMatchesResponseSchema(t, exchange, 'ledger-query', 'callContract', 'LQ-4.3-result-hex');
  const result = resultOf(exchange);
  expectRule('LQ-4.3-result-hex', typeof result === 'string' && HEX_RESULT.test(result), `${what}: result ${JSON.stringify(result)} is not ^0x[0-9a-fA-F]+$`, exchange);
}

/** The rule a generated invalid body breaks, from the field and the keyword it breaks. */
function ruleOfBrokenField(invalid: InvalidField): string {
  if (invalid.pointer === '') return 'LQ-7-contract-call-error-body';
  if (invalid.violates === 'required') return 'LQ-4.3-to-required';
  if (invalid.violates === 'maxLength') return 'LQ-4.3-data-max-length';
  const rule = invalid.rules.find((r) => !/-default|-required|-max-length/.test(r));
  if (!rule) throw new Error(`generated invalid body at ${invalid.pointer} carries no rule to check`);
  return rule;
}

/** Bodies broken in one place chosen by `where`, each sent and required to be rejected. */
async function rejectsBrokenBodies(t: Check, where: (invalid: InvalidField) => boolean, extra?: fc.Arbitrary<{ body: unknown; rule: string; why: string }>): Promise<void> {
  const [contract] = await listedContractAddresses(t);
  const generated = contractCallBodyArbitrary(callSchema, { invalid: true, to: fc.constant(contract!) })
    .filter((c) => c.invalid !== undefined && where(c.invalid))
    .map((c) => ({ body: c.body, rule: ruleOfBrokenField(c.invalid!), why: `${c.invalid!.pointer || 'the body'} breaks ${c.invalid!.violates}` }));
  await checkProperty(t, extra ? fc.oneof(generated, extra) : generated, async ({ body, rule, why }) => {
    await expectCallRejected(t, await sendCall(t, body), rule, why);
  });
}

/**
 * One field of a call the target answers with 200 (the control) set to each generated bad value:
 * a target that ignored the field would run the call and answer 200 again.
 */
async function rejectsBrokenFieldOfAnsweredCall(t: Check, field: string, rule: string, bad: fc.Arbitrary<unknown>): Promise<void> {
  const call = await findAnsweredCall(t);
  await checkProperty(t, bad, async (value) => {
    await expectCallRejected(t, await sendCall(t, withField(call.body, field, value)), rule, `${call.origin} (200 as sent) with ${field}=${exactJsonText(value)}`);
  });
}

/**
 * The field's integers just past int64 (2^63, and below -2^63 where the field allows negatives),
 * from its boundary list and sent exactly every run: a target reading them through doubles or
 * saturating them to 2^63 - 1 runs the call instead of refusing it.
 */
async function rejectsPastInt64(t: Check, field: string, rule: string): Promise<void> {
  const call = await findAnsweredCall(t);
  const past = boundaryCases(callSchema.properties![field] as SchemaNode, 'json').invalid.filter((c) => c.violates === 'format' && !c.alsoViolates);
  for (const { value } of past) {
    await expectCallRejected(t, await sendCall(t, withField(call.body, field, value)), rule, `${call.origin} (200 as sent) with ${field}=${exactJsonText(value)}`);
  }
}

/**
 * Calls answered with the default named explicitly (the control) answer the same with the field
 * left out; a wrong default shows as a call that fails, or answers otherwise, without the field.
 */
async function expectDefaultOnAnsweredCalls(t: Check, field: string, value: unknown, rule: string): Promise<void> {
  const calls = await findAnsweredCalls(t, { withFields: { [field]: value }, max: CALLS_COMPARED });
  // Each call's three requests keep their order; different calls are independent.
  await forEachCase(t, calls, (call) => expectSameAsWithout(t, rule, (b) => sendCall(t, b), withoutField(call.body, field), call.body, `${call.origin} with ${field}=${JSON.stringify(value)}`));
}

function withField(body: CallBody, field: string, value: unknown): Record<string, unknown> {
  return { ...body, [field]: value };
}

function withoutField(body: CallBody, field: string): Record<string, unknown> {
  const { [field]: _dropped, ...rest } = body;
  return rest;
}

/** `0x`-prefixed call data padded with zero digits to `length` characters (ABI decoding ignores the tail). */
function padData(data: string, length: number): string {
  const prefixed = data.startsWith('0x') ? data : `0x${data}`;
  return prefixed + '0'.repeat(length - prefixed.length);
}

describe.concurrent('POST /api/v1/contracts/call', () => {
  ruleTest('answers a call of a listed contract with a JSON hex result', ['LQ-4.3-result-hex', 'LQ-4.3-content-type-json', 'LQ-1-json-responses'], async (t) => {
    const call = await findAnsweredCall(t);
    t.note(`call: ${call.origin}`);
    expectRule('LQ-1-json-responses', responseJson(call.exchange) !== undefined, 'the answer is not JSON', call.exchange);
    expectRule('LQ-1-json-responses', labelledJson(call.exchange), `the JSON answer is labelled Content-Type ${JSON.stringify(call.exchange.responseHeaders['content-type'] ?? null)}`, call.exchange);
    await expectHexResult(t, call.exchange, 'LQ-4.3-result-hex', call.origin);
  });

  ruleTest('answers a call sent with only a Content-Type header, no credential', ['LQ-5-contract-call-no-auth'], async (t) => {
    if (Object.keys(t.config.headers).length > 0) t.skip('this run adds headers (credentials) to every request, so a call without them cannot be sent');
    // A known call succeeds on this target: refused as unauthorised without credentials, the call demands them.
    for (const known of knownCallsFor(t.config).filter((k) => k.expectedResult !== undefined && k.block === undefined).slice(0, 3)) {
      const exchange = await sendCall(t, knownCallBody(known));
      expectRule('LQ-5-contract-call-no-auth', exchange.status !== 401 && exchange.status !== 403, `known call "${known.description}" without credentials answered ${answerSummary(exchange)}`, exchange);
    }
    const call = await findAnsweredCall(t);
    const exchange = await sendCall(t, call.body);
    const sent = Object.keys(exchange.requestHeaders).sort();
    expectRule('LQ-5-contract-call-no-auth', sent.join(',') === 'accept,content-type', `request carried headers ${sent.join(', ')}`, exchange);
    await expectHexResult(t, exchange, 'LQ-5-contract-call-no-auth', 'call without credentials');
  });

  ruleTest('takes the JSON body with any spelling of the application/json media type', ['LQ-4.3-content-type-json'], async (t) => {
    const call = await findAnsweredCall(t);
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8']) {
      const exchange = await sendCall(t, call.body, contentType);
      t.soft('LQ-4.3-content-type-json', sameAnswer(call.exchange, exchange), `Content-Type "${contentType}": ${answerSummary(exchange)} instead of ${answerSummary(call.exchange)}`, exchange);
    }
  });

  ruleTest('answers a body sent as another media type with 415 and the error body', ['LQ-4.3-non-json-415', 'LQ-7-contract-call-error-body'], async (t) => {
    const call = await findAnsweredCall(t);
    const text = JSON.stringify(call.body);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/octet-stream', 'application/protobuf']) {
      const exchange = await sendCall(t, text, contentType);
      t.soft('LQ-4.3-non-json-415', exchange.status === 415, `Content-Type "${contentType}": expected 415, got ${answerSummary(exchange)}`, exchange);
      if (exchange.status !== 200) await expectCallErrorBody(t, exchange);
    }
  });

  ruleTest('gives a hex gas estimate when estimate is true, and runs the call when it is false or left out', ['LQ-4.3-estimate-gas'], async (t) => {
    const calls = await findAnsweredCalls(t, { max: CALLS_COMPARED });
    await forEachCase(t, calls, async (call) => {
      const estimate = await sendCall(t, withField(call.body, 'estimate', true));
      await expectHexResult(t, estimate, 'LQ-4.3-estimate-gas', `${call.origin} with estimate=true`);
      // An estimate is an amount of gas, and a call runs with at most its gas (the default here):
      // a larger number is not an estimate (the call's own output, say).
      const gas = BigInt(resultOf(estimate) as string);
      expectRule('LQ-4.3-estimate-gas', gas <= GAS_DEFAULT, `${call.origin} with estimate=true: result ${gas} is more gas than the call runs with (${GAS_DEFAULT})`, estimate, 'estimates');
    });
    const call = calls[0]!;
    await expectSameAsWithout(t, 'LQ-4.3-estimate-gas', (b) => sendCall(t, b), call.body, withField(call.body, 'estimate', false), 'estimate=false (the default)', 'default-false');
  });

  ruleTest('runs a call without `block` as at `latest`', ['LQ-4.3-block-default-latest'], async (t) => {
    await expectDefaultOnAnsweredCalls(t, 'block', 'latest', 'LQ-4.3-block-default-latest');
  });

  ruleTest('runs a call without `gas` as with 15000000 gas', ['LQ-4.3-gas-default'], async (t) => {
    await expectDefaultOnAnsweredCalls(t, 'gas', Number(GAS_DEFAULT), 'LQ-4.3-gas-default');
  });

  ruleTest('runs a call without `value` as with value 0', ['LQ-4.3-value-default'], async (t) => {
    await expectDefaultOnAnsweredCalls(t, 'value', 0, 'LQ-4.3-value-default');
  });

  ruleTest('takes null in every optional field as the field left out', ['LQ-4.3-nullable-fields'], async (t) => {
    const call = await findAnsweredCall(t);
    await forEachCase(t, ['block', 'data', 'estimate', 'from', 'gas', 'gasPrice', 'value'], (field) =>
      expectSameAsWithout(t, 'LQ-4.3-nullable-fields', (b) => sendCall(t, b), withoutField(call.body, field), withField(call.body, field, null), `${field}=null`));
  });

  ruleTest('answers generated valid bodies with a hex result or, when the call fails, the error body', ['LQ-4.3-result-hex', 'LQ-7-contract-call-error-body'], async (t) => {
    const [contract] = await listedContractAddresses(t);
    await checkProperty(t, contractCallBodyArbitrary(callSchema, { to: fc.constant(contract!) }), async ({ body }) => {
      const exchange = await sendCall(t, body);
      // A valid body may still fail to execute (revert, no code at that block, too little gas):
      // such a failure carries the error body.
      if (exchange.status === 200) await expectHexResult(t, exchange, 'LQ-4.3-result-hex', 'valid body');
      else await expectCallErrorBody(t, exchange);
    });
  });

  ruleTest('accepts `to` and `from` with or without 0x and in any letter case, as the same address', ['LQ-4.3-address-pattern'], async (t) => {
    const call = await findAnsweredCall(t);
    const bare = call.body.to.replace(/^0x/, '');
    const spelling = fc.constantFrom(...ADDRESS_SPELLINGS);
    const exampleSender = fc.sample(evmAddressArbitrary(), { seed: t.config.seed, numRuns: 1 })[0]!;
    const spell = (hex: string, s: AddressSpelling) => {
      const digits = s.caseOf === 'lower' ? hex.toLowerCase() : s.caseOf === 'upper' ? hex.toUpperCase() : [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
      return `${s.prefix ? '0x' : ''}${digits}`;
    };
    await checkProperty(t, fc.record({ to: spelling, from: spelling, sender: evmAddressArbitrary() }), async ({ to, from, sender }) => {
      const exchange = await sendCall(t, withField(call.body, 'to', spell(bare, to)));
      expectRule('LQ-4.3-address-pattern', sameAnswer(call.exchange, exchange), `to="${spell(bare, to)}" answered ${answerSummary(exchange)} instead of ${answerSummary(call.exchange)}`, exchange);
      const senderHex = sender.replace(/^0x/, '');
      const canonical = await sendCall(t, withField(call.body, 'from', `0x${senderHex.toLowerCase()}`));
      const spelled = await sendCall(t, withField(call.body, 'from', spell(senderHex, from)));
      expectRule('LQ-4.3-address-pattern', sameAnswer(canonical, spelled), `from="${spell(senderHex, from)}" answered ${answerSummary(spelled)}, its lower-case 0x form ${answerSummary(canonical)}`, spelled);
    }, {
      runs: Math.max(3, Math.ceil(t.config.depth / 3)),
      // Each spelling every run, for `to` and `from` alike (one sender, fixed by the seed): a target may refuse one of the six alone.
      examples: ADDRESS_SPELLINGS.map((s) => ({ to: s, from: s, sender: exampleSender })),
    });
  });

  ruleTest('rejects a call without `to`', ['LQ-4.3-to-required', 'LQ-7-contract-call-error-body'], async (t) => {
    await rejectsBrokenBodies(t, (i) => i.violates === 'required');
  });

  ruleTest('rejects `to` or `from` that is not a 20-byte hex address', ['LQ-4.3-address-pattern', 'LQ-7-contract-call-error-body'], async (t) => {
    const semantic = fc.tuple(fc.constantFrom('to', 'from'), invalidEvmAddressArbitrary(), evmAddressArbitrary())
      .map(([field, bad, good]) => ({ body: { to: good, [field]: bad }, rule: 'LQ-4.3-address-pattern', why: `${field}=${JSON.stringify(bad)}` }));
    await rejectsBrokenBodies(t, (i) => (i.pointer === '/to' || i.pointer === '/from') && i.violates !== 'required', semantic);
  });

  ruleTest('rejects a `block` that is neither a hex number nor latest, pending or earliest', ['LQ-4.3-block-pattern', 'LQ-7-contract-call-error-body'], async (t) => {
    const semantic = fc.tuple(invalidBlockTagArbitrary(), evmAddressArbitrary())
      .map(([block, to]) => ({ body: { to, block }, rule: 'LQ-4.3-block-pattern', why: `block=${JSON.stringify(block)}` }));
    await rejectsBrokenBodies(t, (i) => i.pointer === '/block', semantic);
    await rejectsBrokenFieldOfAnsweredCall(t, 'block', 'LQ-4.3-block-pattern', invalidBlockTagArbitrary());
  });

  ruleTest('accepts `block` as latest or pending', ['LQ-4.3-block-pattern'], async (t) => {
    const call = await findAnsweredCall(t);
    for (const block of ['latest', 'pending']) {
      await expectHexResult(t, await sendCall(t, withField(call.body, 'block', block)), 'LQ-4.3-block-pattern', `block=${block}`, 'accepts-valid');
    }
  });

  ruleTest('accepts `block` as the hex number of the newest listed block, with or without 0x, in either case', ['LQ-4.3-block-pattern'], async (t) => {
    const call = await findAnsweredCall(t);
    const [block] = await discover<{ number?: unknown }>(t, 'blocks with a number', '/api/v1/blocks', 'blocks', {
      query: [['order', 'desc'], ['limit', '1']],
      where: (b) => Number.isInteger(b.number),
    });
    const hex = (block!.number as number).toString(16);
    for (const text of [`0x${hex}`, hex, `0x${hex.toUpperCase()}`]) {
      await expectHexResult(t, await sendCall(t, withField(call.body, 'block', text)), 'LQ-4.3-block-pattern', `block=${text}`, 'accepts-valid');
    }
  });

  ruleTest('takes `data` with or without 0x and in either letter case as the same call', ['LQ-4.3-data-pattern'], async (t) => {
    const call = await findAnsweredCall(t);
    const data = call.body.data;
    if (typeof data !== 'string' || data.replace(/^0x/i, '') === '') return t.skip(`${call.origin} carries no data to write otherwise`);
    const digits = data.replace(/^0x/i, '');
    for (const text of new Set([digits, `0x${digits.toUpperCase()}`, `0x${digits.toLowerCase()}`])) {
      const exchange = await sendCall(t, withField(call.body, 'data', text));
      expectRule('LQ-4.3-data-pattern', sameAnswer(call.exchange, exchange), `${call.origin} with data ${text.slice(0, 20)}...: ${answerSummary(exchange)}, as sent: ${answerSummary(call.exchange)}`, exchange, 'accepts-valid');
    }
  });

  ruleTest('rejects `data` that is not hex text', ['LQ-4.3-data-pattern', 'LQ-7-contract-call-error-body'], async (t) => {
    await rejectsBrokenBodies(t, (i) => i.pointer === '/data' && i.violates !== 'maxLength');
  });

  ruleTest('accepts `data` of exactly 262146 characters and rejects 262147', ['LQ-4.3-data-max-length', 'LQ-7-contract-call-error-body'], async (t) => {
    const call = await findCallWithData(t);
    const rule = 'LQ-4.3-data-max-length';
    const longest = padData(call.body.data!, CALL_DATA_MAX_CHARACTERS);
    const atLimit = await sendCall(t, withField(call.body, 'data', longest));
    const padded = `data of ${longest.length} characters (the call's data and zero padding) answered ${answerSummary(atLimit)}, without padding ${answerSummary(call.exchange)}`;
    if (call.answered) {
      expectRule(rule, sameAnswer(call.exchange, atLimit), padded, atLimit);
    } else {
      // No call with data succeeds here: the refusals' reasons tell. At the limit the call may still
      // be refused for what it does (as without padding), never for the data's length.
      t.note(`no call with data answered 200: the limit is judged by the refusals' reasons (${call.origin} → ${call.exchange.status})`);
      if (atLimit.status < 500) expectRule(rule, sameAnswer(call.exchange, atLimit) || !refusalNames(atLimit, 'data'), `${padded}: refused for its data`, atLimit);
    }
    for (const extra of [1, 2]) {
      const tooLong = padData(call.body.data!, CALL_DATA_MAX_CHARACTERS + extra);
      const exchange = await sendCall(t, withField(call.body, 'data', tooLong));
      await expectCallRejected(t, exchange, rule, `data of ${tooLong.length} characters`);
      if (!call.answered) {
        expectRule(rule, refusalNames(exchange, 'data'), `data of ${tooLong.length} characters was refused, but no message names data: ${answerSummary(exchange)} (without padding ${answerSummary(call.exchange)})`, exchange);
      }
    }
  });

  ruleTest('rejects negative or non-integer `gas`', ['LQ-4.3-gas-minimum', 'LQ-7-contract-call-error-body'], async (t) => {
    await rejectsBrokenBodies(t, (i) => i.pointer === '/gas');
    await rejectsBrokenFieldOfAnsweredCall(t, 'gas', 'LQ-4.3-gas-minimum', fc.integer({ max: -1 }));
    await rejectsPastInt64(t, 'gas', 'LQ-4.3-gas-minimum');
  });

  ruleTest('takes `gas` 0 and 20999 (the contract\'s minimum is 0) as it takes 21000: too little to run, not an invalid value', ['LQ-4.3-gas-minimum'], async (t) => {
    const call = await findAnsweredCall(t);
    // Below the intrinsic gas every call fails the same way; a refusal of the value itself answers otherwise.
    const reference = await sendCall(t, withField(call.body, 'gas', 21_000));
    for (const gas of [0, 20_999]) {
      const exchange = await sendCall(t, withField(call.body, 'gas', gas));
      expectRule('LQ-4.3-gas-minimum', sameAnswer(reference, exchange), `gas=${gas} answered ${answerSummary(exchange)}, gas=21000 ${answerSummary(reference)}: the value itself was refused`, exchange);
    }
  });

  ruleTest('runs a call with any `gas` from 15000000 up to the int64 maximum like the default', ['LQ-4.3-gas-minimum'], async (t) => {
    const call = await findAnsweredCall(t);
    // The int64 maximum every run, and gas past 2^53 on most draws: each sent as exact digits.
    const atMax = await sendCall(t, withField(call.body, 'gas', INT64_MAX));
    expectRule('LQ-4.3-gas-minimum', sameAnswer(call.exchange, atMax), `gas=${INT64_MAX} answered ${answerSummary(atMax)} instead of ${answerSummary(call.exchange)}`, atMax);
    const gas = fc.oneof(fc.constantFrom(15_000_000n, 2n ** 53n + 1n), fc.bigInt({ min: 15_000_000n, max: INT64_MAX }));
    await checkProperty(t, gas, async (g) => {
      const exchange = await sendCall(t, withField(call.body, 'gas', g));
      expectRule('LQ-4.3-gas-minimum', sameAnswer(call.exchange, exchange), `gas=${g} answered ${answerSummary(exchange)} instead of ${answerSummary(call.exchange)}`, exchange);
    }, { runs: Math.max(3, Math.ceil(t.config.depth / 3)) });
  });

  ruleTest('rejects a negative `gasPrice`', ['LQ-4.3-gas-price-minimum', 'LQ-7-contract-call-error-body'], async (t) => {
    await rejectsBrokenBodies(t, (i) => i.pointer === '/gasPrice');
    await rejectsBrokenFieldOfAnsweredCall(t, 'gasPrice', 'LQ-4.3-gas-price-minimum', fc.integer({ max: -1 }));
    await rejectsPastInt64(t, 'gasPrice', 'LQ-4.3-gas-price-minimum');
  });

  ruleTest('rejects a negative `value`', ['LQ-4.3-value-minimum', 'LQ-7-contract-call-error-body'], async (t) => {
    await rejectsBrokenBodies(t, (i) => i.pointer === '/value');
    await rejectsBrokenFieldOfAnsweredCall(t, 'value', 'LQ-4.3-value-minimum', fc.integer({ max: -1 }));
    await rejectsPastInt64(t, 'value', 'LQ-4.3-value-minimum');
  });

  ruleTest('accepts a `value` of 0 and `gasPrice` of 0 like the defaults', ['LQ-4.3-value-minimum', 'LQ-4.3-gas-price-minimum'], async (t) => {
    const call = await findAnsweredCall(t);
    for (const [field, rule] of [['value', 'LQ-4.3-value-minimum'], ['gasPrice', 'LQ-4.3-gas-price-minimum']] as const) {
      const exchange = await sendCall(t, withField(call.body, field, 0));
      expectRule(rule, sameAnswer(call.exchange, exchange), `${field}=0 answered ${answerSummary(exchange)} instead of ${answerSummary(call.exchange)}`, exchange);
    }
  });

  ruleTest('rejects a non-boolean `estimate`', ['LQ-4.3-estimate-gas', 'LQ-7-contract-call-error-body'], async (t) => {
    await rejectsBrokenBodies(t, (i) => i.pointer === '/estimate');
  });

  ruleTest('rejects a body that is not a JSON object with the error body', ['LQ-7-contract-call-error-body'], async (t) => {
    await rejectsBrokenBodies(t, (i) => i.pointer === '');
  });

  ruleTest('ignores unknown properties in the body', ['LQ-4.3-unknown-properties-ignored'], async (t) => {
    const call = await findAnsweredCall(t);
    const known = new Set(Object.keys(callSchema.properties ?? {}).map((k) => k.toLowerCase()));
    const extras = fc.dictionary(stringMatchingArbitrary(/^[a-zA-Z_][a-zA-Z0-9_]{0,15}$/).filter((k) => !known.has(k.toLowerCase()) && k !== '__proto__'), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 });
    await checkProperty(t, extras, async (extra) => {
      const exchange = await sendCall(t, { ...extra, ...call.body });
      expectRule('LQ-4.3-unknown-properties-ignored', sameAnswer(call.exchange, exchange),
        `unknown properties ${JSON.stringify(Object.keys(extra))} changed the answer to ${answerSummary(exchange)} from ${answerSummary(call.exchange)}`, exchange);
    }, { runs: Math.max(3, Math.ceil(t.config.depth / 2)) });
  });

  ruleTest('returns the value the code computes for each known call', ['LQ-4.3-result-value'], async (t) => {
    const known = knownCallsFor(t.config).filter((k) => k.expectedResult !== undefined);
    if (known.length === 0) t.skip('no known calls for this target (give --known-calls FILE to check returned values)');
    for (const k of known) {
      const exchange = await sendCall(t, knownCallBody(k));
      const result = resultOf(exchange);
      t.soft('LQ-4.3-result-value', exchange.status === 200 && typeof result === 'string' && result.toLowerCase() === k.expectedResult!.toLowerCase(),
        `${k.description}: expected ${k.expectedResult}, got ${answerSummary(exchange)}`, exchange);
    }
  });

  ruleTest('answers a known reverting call with CONTRACT_REVERT_EXECUTED, the reason in detail and the revert data in data', ['LQ-4.3-revert-data', 'LQ-7-contract-call-error-body'], async (t) => {
    const reverts = knownCallsFor(t.config).filter((k) => k.expectedRevert);
    if (reverts.length === 0) t.skip('no known reverting calls for this target (give --known-calls FILE with expectedRevert entries)');
    for (const k of reverts) {
      const exchange = await sendCall(t, knownCallBody(k));
      expectRule('LQ-7-contract-call-error-body', exchange.status >= 400 && exchange.status < 500, `${k.description}: a revert must fail the call, got ${answerSummary(exchange)}`, exchange);
      const [message] = await expectQueryErrorBody(t, exchange, { status: 'client-error', statusRule: 'LQ-7-contract-call-error-body' });
      t.soft('LQ-4.3-revert-data', exchange.status === 400, `${k.description}: expected 400, got ${exchange.status}`, exchange);
      t.soft('LQ-4.3-revert-data', message?.message === 'CONTRACT_REVERT_EXECUTED', `${k.description}: message ${JSON.stringify(message?.message)}, expected CONTRACT_REVERT_EXECUTED`, exchange);
      const data = message?.data ?? '';
      t.soft('LQ-4.3-revert-data', data.toLowerCase().startsWith(ERROR_STRING_SELECTOR), `${k.description}: data ${JSON.stringify(message?.data)} is not ABI-encoded Error(string) revert data`, exchange);
      const reason = decodeErrorString(data);
      t.soft('LQ-4.3-revert-data', reason !== undefined && message?.detail === reason, `${k.description}: detail ${JSON.stringify(message?.detail)} does not give the reason ${JSON.stringify(reason)} encoded in data`, exchange);
    }
  });
});
