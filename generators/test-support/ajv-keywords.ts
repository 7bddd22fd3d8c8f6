import { schemaChecker, type SchemaViolation } from '../../specs/schema-validator.ts';
import { decodeValue } from '../schema/case-labels.ts';
import type { Encoding, InvalidCase, Keyword } from '../schema/invalid-case.ts';
import type { SchemaNode } from '../schema/schema-node.ts';

/**
 * The distinct keywords the project's ajv checker reports for a generated value (parameter text
 * converted first), sorted, without the null-branch bookkeeping (see isNullableBookkeeping).
 */
export function ajvKeywords(schema: SchemaNode, encoding: Encoding, value: unknown): string[] {
  return schemaChecker(schema)(decodeValue(schema, encoding, value))
    .filter((v) => !isNullableBookkeeping(v))
    .map((v) => v.keyword)
    .filter((keyword, i, all) => all.indexOf(keyword) === i)
    .sort();
}

/**
 * A `oneOf: [X, null]` failure is reported by ajv as X's keyword plus the null branch's `type` and
 * the `oneOf` itself; those two say nothing about what the value breaks.
 */
export function isNullableBookkeeping(violation: SchemaViolation): boolean {
  return violation.keyword === 'oneOf' || (violation.keyword === 'type' && violation.expected === 'type null');
}

/** The keywords an invalid case claims, sorted, for comparison with ajvKeywords. */
export function claimedKeywords(invalid: Pick<InvalidCase, 'violates' | 'alsoViolates'>): Keyword[] {
  return [invalid.violates, ...(invalid.alsoViolates ?? [])].sort();
}
