import { schemaChecker, type SchemaViolation } from '../../src/spec/schema-validator.ts';
import { decodeValue } from '../schema/case-labels.ts';
import type { Encoding, InvalidCase, Keyword } from '../schema/invalid-case.ts';
import type { SchemaNode } from '../schema/schema-node.ts';

/**
 * The distinct keywords the project's ajv checker reports for a generated value (parameter text
 * converted first), sorted. A `oneOf: [X, null]` failure is reported by ajv as X's keyword plus the null
 * branch's `type` and the `oneOf` itself; those two are bookkeeping and left out.
 */
export function ajvKeywords(schema: SchemaNode, encoding: Encoding, value: unknown): string[] {
  return violationsOf(schema, encoding, value)
    .filter((v) => v.keyword !== 'oneOf' && !(v.keyword === 'type' && v.expected === 'type null'))
    .map((v) => v.keyword)
    .filter((keyword, i, all) => all.indexOf(keyword) === i)
    .sort();
}

function violationsOf(schema: SchemaNode, encoding: Encoding, value: unknown): SchemaViolation[] {
  return schemaChecker(schema)(decodeValue(schema, encoding, value));
}

/** The keywords an invalid case claims, sorted, for comparison with ajvKeywords. */
export function claimedKeywords(invalid: Pick<InvalidCase, 'violates' | 'alsoViolates'>): Keyword[] {
  return [invalid.violates, ...(invalid.alsoViolates ?? [])].sort();
}
