// Generated contract-call bodies carry int64 values past 2^53 as bigints; the text the suite sends
// writes every digit (JSON.stringify cannot write a bigint, and a double would round it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractCallBodyArbitrary } from '../generators/requests/contract-call-body.ts';
import type { SchemaNode } from '../generators/schema/schema-node.ts';
import { exactJsonText, parseExactJson } from '../src/json/exact-json.ts';
import { loadSpec } from '../specs/load-spec.ts';
import { findOperation, requestBodySchema } from '../specs/operations.ts';

const callSchema = requestBodySchema(findOperation(await loadSpec('ledger-query'), 'callContract')) as SchemaNode;
const INT64_FIELDS = ['gas', 'gasPrice', 'value'];

describe('exact JSON text of generated request bodies', () => {
  it('writes int64 fields past 2^53 digit for digit and reads them back unchanged', () => {
    const bodies = fc.sample(contractCallBodyArbitrary(callSchema), { seed: 53, numRuns: 200 }).map((c) => c.body as Record<string, unknown>);
    const big = bodies.filter((b) => INT64_FIELDS.some((f) => typeof b[f] === 'bigint'));
    expect(big.length).toBeGreaterThan(20);
    for (const body of big) {
      const text = exactJsonText(body);
      for (const f of INT64_FIELDS) if (typeof body[f] === 'bigint') expect(text).toContain(`"${f}":${body[f]}`);
      expect(parseExactJson(text)).toEqual(body);
    }
    expect(() => JSON.stringify(big[0])).toThrow(TypeError);
  });

  it('writes the just-out-of-range invalid values exactly too (2^63 stays 2^63, not 2^63 - 1 or a rounded double)', () => {
    const broken = fc.sample(contractCallBodyArbitrary(callSchema, { invalid: true }), { seed: 54, numRuns: 400 })
      .filter((c) => c.invalid?.violates === 'format' && c.invalid.value === 2n ** 63n);
    expect(broken.length).toBeGreaterThan(0);
    for (const c of broken) expect(exactJsonText(c.body)).toContain(`"${c.invalid!.pointer.slice(1)}":9223372036854775808`);
  });
});
