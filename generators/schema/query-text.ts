import { nonNullTypes, type SchemaNode } from './schema-node.ts';

/**
 * Reads parameter text the way a strict server does before checking it against the schema: an
 * integer is optional minus and decimal digits only, read exactly (a bigint past 2^53; `1.5`, `1e2`, ` 25`, `0x10` stay text and so
 * break `type`), a boolean is exactly `true` or `false`. Text that does not convert is returned
 * as is, which is what makes a JSON Schema validator report the `type` violation.
 */
export function textToJsonValue(text: string, schema: SchemaNode): unknown {
  const types = nonNullTypes(schema);
  if (types.length === 0 || types.includes('string')) return text;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+$/.test(text)) return exactInteger(text);
  if (types.includes('number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The parameter text of a JSON value: integers (bigints too) as plain decimal digits, strings unchanged. */
export function jsonValueToText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value)) return Object.is(value, -0) ? '-0' : BigInt(value).toString();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TypeError(`no parameter text for ${JSON.stringify(value)}`);
}

/** Decimal digits as a number while a double holds them exactly (`-0` stays -0), else a bigint. */
function exactInteger(digits: string): number | bigint {
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : BigInt(digits);
}
