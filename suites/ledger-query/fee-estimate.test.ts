import fc from 'fast-check';
import { describe } from 'vitest';
import { expectQueryErrorBody } from '../../src/checks/query-error-body.ts';
import { expectMatchesResponseSchema } from '../../src/checks/response-schema.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { answerSummary } from '../../src/checks/same-answer.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { responseJson, type Exchange } from '../../src/http/exchange.ts';
import { signedTransferArbitrary } from '../../src/protobuf/transfer-arbitrary.ts';

const FEES_PATH = '/api/v1/network/fees';

function postFees(t: Check, body: string | Uint8Array, contentType: string): Promise<Exchange> {
  return t.send({ method: 'POST', url: FEES_PATH, body, contentType });
}

const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;

/** Where the observed estimate shape (reference notes, 4.4) is broken, or nothing when it holds. */
function estimateShapeProblems(body: unknown): string[] {
  const e = body as Record<string, Record<string, unknown> | unknown> | undefined;
  if (!e || typeof e !== 'object') return ['the answer is not a JSON object'];
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => void (ok || problems.push(what));
  need(Number.isInteger(e.high_volume_multiplier) && (e.high_volume_multiplier as number) >= 1, `high_volume_multiplier ${JSON.stringify(e.high_volume_multiplier)} is not an integer >= 1`);
  need(isCount(e.total), `total ${JSON.stringify(e.total)} is not a non-negative integer`);
  const network = e.network as Record<string, unknown> | undefined;
  need(typeof network === 'object' && network !== null && typeof network.multiplier === 'number' && isCount(network.subtotal), `network ${JSON.stringify(network)} is not {multiplier, subtotal}`);
  for (const part of ['node', 'service'] as const) {
    const p = e[part] as { base?: unknown; extras?: unknown } | undefined;
    need(typeof p === 'object' && p !== null && isCount(p.base) && Array.isArray(p.extras), `${part} ${JSON.stringify(p)} is not {base, extras: []}`);
    for (const extra of Array.isArray(p?.extras) ? (p.extras as Array<Record<string, unknown>>) : []) {
      const fields = ['charged', 'count', 'fee_per_unit', 'included', 'name', 'subtotal'];
      need(fields.every((f) => f in extra) && typeof extra.name === 'string', `${part} extra ${JSON.stringify(extra)} lacks one of ${fields.join(', ')}`);
    }
  }
  return problems;
}

/** Bytes no protobuf decoder can read: a message cut inside a field, or a field of an unknown wire type. */
const malformedProtobuf = fc.oneof(
  signedTransferArbitrary().chain(({ bytes }) => fc.integer({ min: 3, max: bytes.length - 1 }).map((cut) => ({ bytes: bytes.subarray(0, cut), how: `cut to ${cut} of ${bytes.length} bytes` }))),
  fc.tuple(fc.integer({ min: 1, max: 15 }), fc.constantFrom(6, 7), fc.uint8Array({ maxLength: 8 }))
    .map(([field, wire, rest]) => ({ bytes: Uint8Array.from([(field << 3) | wire, ...rest]), how: `field ${field} of wire type ${wire}` })),
  fc.integer({ min: 1, max: 100 }).map((n) => ({ bytes: Uint8Array.from([0x2a, 0x7f, ...new Array<number>(n).fill(0x01)]), how: `a length of 127 followed by ${n} bytes` })),
);

describe.concurrent('POST /api/v1/network/fees', () => {
  ruleTest('estimates the fees of a signed crypto transfer sent as protobuf', ['LQ-4.4-fee-estimate-operation', 'LQ-4.4-protobuf-body', 'LQ-4.4-estimate-shape', 'LQ-1-json-responses'], async (t) => {
    await checkProperty(t, fc.tuple(signedTransferArbitrary(), fc.constantFrom('application/protobuf', 'application/x-protobuf')), async ([{ bytes }, contentType]) => {
      const exchange = await postFees(t, bytes, contentType);
      expectRule('LQ-4.4-fee-estimate-operation', ![404, 405, 501].includes(exchange.status), `the operation is not served: ${answerSummary(exchange)}`, exchange, 'exists');
      // Refusing a valid transaction is not estimating it: an operation that refuses every input fails its rule.
      expectRule('LQ-4.4-fee-estimate-operation', exchange.status === 200, `a valid ${contentType} transfer of ${bytes.length} bytes got no estimate: ${answerSummary(exchange)}`, exchange, 'estimates');
      expectRule('LQ-4.4-protobuf-body', exchange.status === 200, `a ${contentType} transfer of ${bytes.length} bytes answered ${answerSummary(exchange)}`, exchange);
      expectRule('LQ-1-json-responses', responseJson(exchange) !== undefined, 'the estimate is not JSON', exchange);
      await expectMatchesResponseSchema(t, exchange, 'ledger-query', 'estimateFees', 'LQ-4.4-estimate-shape');
      const problems = estimateShapeProblems(responseJson(exchange));
      expectRule('LQ-4.4-estimate-shape', problems.length === 0, problems.join('; '), exchange);
    }, { runs: Math.max(3, Math.ceil(t.config.depth / 2)) });
  });

  ruleTest('answers a JSON body with 415 and the error body', ['LQ-4.4-protobuf-body'], async (t) => {
    const [{ bytes }] = fc.sample(signedTransferArbitrary(), { seed: t.config.seed, numRuns: 1 });
    const exchange = await postFees(t, JSON.stringify({ transaction: Buffer.from(bytes!).toString('base64') }), 'application/json');
    await expectQueryErrorBody(t, exchange, { status: 415, statusRule: 'LQ-4.4-protobuf-body' });
  });

  ruleTest('answers an empty body with 400 and the error body', ['LQ-4.4-protobuf-body', 'LQ-4.4-fee-estimate-operation'], async (t) => {
    const exchange = await postFees(t, '', 'application/protobuf');
    expectRule('LQ-4.4-fee-estimate-operation', exchange.status >= 400 && exchange.status < 500, `an empty body was not rejected: ${answerSummary(exchange)}`, exchange, 'rejects-malformed');
    await expectQueryErrorBody(t, exchange, { status: 400, statusRule: 'LQ-4.4-protobuf-body' });
  });

  ruleTest('rejects protobuf no decoder can read with 400 and the error body, never a server error', ['LQ-4.4-fee-estimate-operation', 'LQ-4.4-protobuf-body'], async (t) => {
    await checkProperty(t, malformedProtobuf, async ({ bytes, how }) => {
      const exchange = await postFees(t, bytes, 'application/protobuf');
      expectRule('LQ-4.4-fee-estimate-operation', exchange.status >= 400 && exchange.status < 500, `malformed protobuf (${how}) was not rejected: ${answerSummary(exchange)}`, exchange, 'rejects-malformed');
      await expectQueryErrorBody(t, exchange, { status: 400, statusRule: 'LQ-4.4-protobuf-body' });
    });
  });
});
