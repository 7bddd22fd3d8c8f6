// int64 values across their whole range, exactly: every int64 field the specs declare (found in
// them, not listed here) gets valid values past 2^53 and the values just past ±2^63 as invalid
// ones, under the same rule ids as its other out-of-range values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERFACES, loadSpec } from '../../specs/load-spec.ts';
import { listOperations, requestBodySchema } from '../../specs/operations.ts';
import { parameterSchema } from '../requests/parameter-schema.ts';
import { ajvKeywords } from '../test-support/ajv-keywords.ts';
import { boundaryCases } from './boundary-cases.ts';
import { decodeValue } from './case-labels.ts';
import type { Encoding } from './invalid-case.ts';
import { invalidArbitrary } from './invalid-arbitrary.ts';
import { textToJsonValue } from './query-text.ts';
import { rulesOf, unwrapNullable, type SchemaNode } from './schema-node.ts';
import { validArbitrary } from './valid-arbitrary.ts';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);

interface Int64Site {
  label: string;
  schema: SchemaNode;
  encoding: Encoding;
}

/** Every node with format int64 in a schema, with its JSON pointer. */
function int64Nodes(schema: SchemaNode, pointer: string): Array<{ pointer: string; schema: SchemaNode }> {
  const node = unwrapNullable(schema);
  const own = node.format === 'int64' ? [{ pointer, schema }] : [];
  return [...own, ...Object.entries(node.properties ?? {}).flatMap(([name, child]) => int64Nodes(child, `${pointer}/${name}`))];
}

/** The int64 parameters (as text) and body fields (as JSON) of every operation of every spec. */
async function int64Sites(): Promise<Int64Site[]> {
  const sites: Int64Site[] = [];
  for (const name of INTERFACES) {
    for (const op of listOperations(await loadSpec(name))) {
      for (const p of op.parameters) for (const n of int64Nodes(parameterSchema(p), '')) sites.push({ label: `${op.operationId} ${p.in} ${p.name}`, schema: n.schema, encoding: 'text' });
      const body = requestBodySchema(op) as SchemaNode | undefined;
      if (body) for (const n of int64Nodes(body, '')) sites.push({ label: `${op.operationId} body ${n.pointer}`, schema: n.schema, encoding: 'json' });
    }
  }
  return sites;
}

/** The exact integer of a generated value (a number, a bigint, or parameter text). */
function exact(site: Pick<Int64Site, 'schema' | 'encoding'>, value: unknown): bigint | undefined {
  const decoded = decodeValue(site.schema, site.encoding, value);
  return typeof decoded === 'bigint' ? decoded : typeof decoded === 'number' && Number.isInteger(decoded) ? BigInt(decoded) : undefined;
}

const sites = await int64Sites();
/** An int64 query parameter that allows negatives: none in the specs today, so the low edge is shown on this one. */
const signed: Int64Site = { label: 'a signed int64 query parameter', schema: { type: 'integer', format: 'int64', 'x-rules': ['X-signed'] } as SchemaNode, encoding: 'text' };

describe('int64 values past 2^53, exactly', () => {
  it('finds the int64 fields in the specs (the contract call gas, gasPrice and value among them)', () => {
    expect(sites.map((s) => s.label)).toEqual(expect.arrayContaining(['callContract body /gas', 'callContract body /gasPrice', 'callContract body /value']));
  });

  describe.each([...sites, signed])('$label ($encoding)', (site) => {
    const node = unwrapNullable(site.schema);
    const floor = node.minimum === undefined ? INT64_MIN : BigInt(node.minimum);

    it('yields valid values past 2^53 up to 2^63 - 1, each exact and accepted by the ajv checker', () => {
      const values = fc.sample(validArbitrary(site.schema, site.encoding), { seed: 63, numRuns: 300 });
      const integers = values.map((v) => exact(site, v)).filter((n): n is bigint => n !== undefined);
      expect(integers.filter((n) => n > SAFE_MAX).length).toBeGreaterThan(30);
      if (floor < -SAFE_MAX) expect(integers.some((n) => n < -SAFE_MAX)).toBe(true);
      for (const v of values) expect(ajvKeywords(site.schema, site.encoding, v), String(v)).toEqual([]);
      expect(integers.every((n) => n >= floor && n <= INT64_MAX)).toBe(true);
      // JSON carries them as bigints (no double holds them); text as their digits.
      const big = values.find((v) => (exact(site, v) ?? 0n) > SAFE_MAX);
      expect(typeof big).toBe(site.encoding === 'json' ? 'bigint' : 'string');
    });

    it('lists 2^63 - 1 as valid and 2^63 (and -2^63 - 1 where negatives are allowed) as format breaks under the field\'s rules', () => {
      const cases = boundaryCases(site.schema, site.encoding);
      const of = (n: bigint) => (site.encoding === 'text' ? n.toString() : n);
      expect(cases.valid).toContainEqual(of(INT64_MAX));
      const rules = rulesOf(site.schema, node);
      expect(cases.invalid.find((c) => c.value === of(INT64_MAX + 1n))).toEqual({ value: of(INT64_MAX + 1n), violates: 'format', rules });
      const belowMin = cases.invalid.find((c) => c.value === of(INT64_MIN - 1n));
      if (floor <= INT64_MIN) expect(belowMin).toEqual({ value: of(INT64_MIN - 1n), violates: 'format', rules });
      else expect(belowMin).toMatchObject({ violates: 'minimum', alsoViolates: ['format'] });
      // Every other out-of-range value of the field carries the same rule ids.
      expect(cases.invalid.every((c) => JSON.stringify(c.rules) === JSON.stringify(rules))).toBe(true);
    });

    it('draws invalid format values just past the edges, exactly, among its random ones', () => {
      const drawn = fc.sample(invalidArbitrary(site.schema, site.encoding, { keywords: ['format'] }), { seed: 64, numRuns: 300 });
      const integers = drawn.map((c) => exact(site, c.value)!);
      expect(integers).toContain(INT64_MAX + 1n);
      if (floor <= INT64_MIN) expect(integers).toContain(INT64_MIN - 1n);
      expect(integers.every((n) => n > INT64_MAX || n < INT64_MIN)).toBe(true);
      for (const c of drawn) expect(ajvKeywords(site.schema, site.encoding, c.value), String(c.value)).toEqual(['format']);
    });
  });

  it('reads parameter text of int64 digits exactly, past 2^53', () => {
    expect(textToJsonValue('9223372036854775807', signed.schema)).toBe(INT64_MAX);
    expect(textToJsonValue('-9223372036854775809', signed.schema)).toBe(INT64_MIN - 1n);
    expect(textToJsonValue('9007199254740993', signed.schema)).toBe(2n ** 53n + 1n);
    expect(textToJsonValue('25', signed.schema)).toBe(25);
  });
});
