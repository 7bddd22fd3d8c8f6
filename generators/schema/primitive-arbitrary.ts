import fc from 'fast-check';
import { INTEGER_FORMAT_RANGES } from '../../specs/schema-validator.ts';
import { failingKeywords } from './failing-keywords.ts';
import type { Encoding } from './invalid-case.ts';
import { memoBySchema } from './memo-by-schema.ts';
import { jsonInteger } from './json-integer.ts';
import { generationRegex } from './pattern-regex.ts';
import { jsonValueToText } from './query-text.ts';
import { isNullable, nonNullEnum, nonNullTypes, unwrapNullable, type SchemaNode } from './schema-node.ts';
import { stringMatchingArbitrary } from './string-matching.ts';

/**
 * Random valid values of a scalar schema (string, integer, number, boolean, enum), without the
 * boundary values (validArbitrary mixes those in). `json` yields JSON values, null included when the
 * schema allows it; `text` yields parameter text, never null.
 */
export function primitiveArbitrary(schema: SchemaNode, encoding: Encoding): fc.Arbitrary<unknown> {
  return memoBySchema(schema, `primitive:${encoding}`, () => buildPrimitive(schema, encoding));
}

function buildPrimitive(schema: SchemaNode, encoding: Encoding): fc.Arbitrary<unknown> {
  const node = unwrapNullable(schema);
  const value = nonNullArbitrary(node).filter((v) => failingKeywords(schema, v).length === 0);
  if (encoding === 'text') return value.map(jsonValueToText);
  return isNullable(schema) ? fc.oneof({ arbitrary: value, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : value;
}

function nonNullArbitrary(node: SchemaNode): fc.Arbitrary<unknown> {
  const members = nonNullEnum(node);
  if (members && members.length > 0) return fc.constantFrom(...members);
  const [type] = nonNullTypes(node);
  switch (type) {
    case 'string':
      return stringArbitrary(node);
    case 'integer':
      return fc.bigInt(integerBounds(node)).map(jsonInteger);
    case 'number':
      return fc.double({ min: node.minimum, max: node.maximum, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    default:
      throw new TypeError(`primitiveArbitrary: not a scalar schema (type ${JSON.stringify(node.type)})`);
  }
}

function stringArbitrary(node: SchemaNode): fc.Arbitrary<string> {
  if (node.format === 'uuid') return fc.uuid();
  if (node.pattern !== undefined) return stringMatchingArbitrary(generationRegex(node.pattern));
  const minLength = node.minLength ?? 0;
  // Random text stays short: long values come from the boundary list, not from chance.
  return fc.string({ minLength, maxLength: Math.min(node.maxLength ?? minLength + 32, minLength + 32) });
}

/**
 * The integer range a schema allows, exactly: its format's range (int64 up to 2^63 - 1) within
 * minimum and maximum; an integer without a format stays within the integers a double holds.
 */
export function integerBounds(node: SchemaNode): { min: bigint; max: bigint } {
  const [formatMin, formatMax] = INTEGER_FORMAT_RANGES[node.format ?? ''] ?? [BigInt(Number.MIN_SAFE_INTEGER), BigInt(Number.MAX_SAFE_INTEGER)];
  const min = node.minimum === undefined ? formatMin : BigInt(Math.ceil(node.minimum));
  const max = node.maximum === undefined ? formatMax : BigInt(Math.floor(node.maximum));
  return { min: min > formatMin ? min : formatMin, max: max < formatMax ? max : formatMax };
}
