import { isUuid } from '../../specs/uuid-format.ts';
import { INTEGER_FORMAT_RANGES } from '../../specs/schema-validator.ts';
import type { Keyword } from './invalid-case.ts';
import { patternChecker } from './pattern-regex.ts';
import { isNullable, nonNullTypes, unwrapNullable, type JsonType, type SchemaNode } from './schema-node.ts';

/**
 * The keywords a value breaks at one schema node, the way ajv (allErrors) reports them for the
 * subset we generate: type, enum, string and number keywords, integer and uuid formats, and
 * `required` one level down. Generators use it to keep only values that break exactly the keyword
 * they claim; the self-tests check it against ajv itself.
 */
export function failingKeywords(schema: SchemaNode, value: unknown): Keyword[] {
  if (value === null && isNullable(schema)) return [];
  const node = unwrapNullable(schema);
  const failing: Keyword[] = [];
  const types = nonNullTypes(node);
  if (types.length > 0 && !types.some((t) => hasType(value, t))) failing.push('type');
  if (node.enum && !node.enum.some((member) => member === value)) failing.push('enum');
  if (typeof value === 'string') {
    const length = codePointLength(value);
    if (node.pattern !== undefined && !patternChecker(node.pattern).test(value)) failing.push('pattern');
    if (node.minLength !== undefined && length < node.minLength) failing.push('minLength');
    if (node.maxLength !== undefined && length > node.maxLength) failing.push('maxLength');
    if (node.format === 'uuid' && !isUuid(value)) failing.push('format');
  }
  // A bigint is an exact integer beyond a double's reach; bounds compare with it exactly.
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (node.minimum !== undefined && value < node.minimum) failing.push('minimum');
    if (node.maximum !== undefined && value > node.maximum) failing.push('maximum');
    const range = node.format ? INTEGER_FORMAT_RANGES[node.format] : undefined;
    const exact = typeof value === 'bigint' ? value : Number.isInteger(value) ? BigInt(value) : undefined;
    if (range && !(exact !== undefined && exact >= range[0] && exact <= range[1])) failing.push('format');
  }
  if (isPlainObject(value) && node.required?.some((name) => !(name in value))) failing.push('required');
  return failing;
}

/** Length in code points, as ajv counts it (a surrogate pair is one character); fast on long strings. */
function codePointLength(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}

function hasType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'bigint';
    case 'number':
      return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint';
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
