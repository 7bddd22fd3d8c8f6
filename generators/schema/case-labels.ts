import { failingKeywords } from './failing-keywords.ts';
import type { Encoding, InvalidCase, Keyword } from './invalid-case.ts';
import { textToJsonValue } from './query-text.ts';
import { nonNullEnum, unwrapNullable, type SchemaNode } from './schema-node.ts';

/** The JSON value a schema checker sees for a generated value of an encoding. */
export function decodeValue(schema: SchemaNode, encoding: Encoding, value: unknown): unknown {
  return encoding === 'text' ? textToJsonValue(String(value), schema) : value;
}

/**
 * Labels an invalid value from what it actually breaks, so no label is ever a guess: the first
 * failing keyword is `violates`, any others `alsoViolates`; the case and empty-text flags are set
 * when they apply. Returns undefined for a value that breaks nothing.
 */
export function labelInvalid(schema: SchemaNode, encoding: Encoding, value: unknown, rules: string[]): InvalidCase | undefined {
  const decoded = decodeValue(schema, encoding, value);
  return labelFailing(schema, encoding, value, decoded, failingKeywords(schema, decoded), rules);
}

/** labelInvalid for a value whose decoded form and failing keywords are known (a long string is not scanned twice). */
export function labelFailing(schema: SchemaNode, encoding: Encoding, value: unknown, decoded: unknown, failing: readonly Keyword[], rules: string[]): InvalidCase | undefined {
  const [violates, ...others] = failing;
  if (!violates) return undefined;
  const label: InvalidCase = { value, violates, rules };
  if (others.length > 0) label.alsoViolates = others;
  if (others.length === 0 && (violates === 'pattern' || violates === 'enum') && typeof decoded === 'string' && differsOnlyInCase(schema, decoded)) label.caseVariant = true;
  if (encoding === 'text' && value === '') label.emptyText = true;
  return label;
}

function differsOnlyInCase(schema: SchemaNode, text: string): boolean {
  const node = unwrapNullable(schema);
  const members = nonNullEnum(node);
  if (members) return members.some((m) => typeof m === 'string' && m.toLowerCase() === text.toLowerCase());
  return node.pattern !== undefined && new RegExp(node.pattern, 'iu').test(text);
}
