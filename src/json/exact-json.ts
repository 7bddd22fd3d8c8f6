// Answers carry int64 amounts up to ±2^63 (reference notes): parsed as doubles they change value,
// so checks that compare or sum numbers read the body with every integer kept exact.
import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';
import type { Exchange } from '../http/exchange.ts';

/** A JSON value whose integers beyond ±2^53 are bigints; every other number is a number. */
export type ExactJson = null | boolean | number | bigint | string | ExactJson[] | { [key: string]: ExactJson };

function exactNumber(text: string): number | bigint {
  return !isSafeNumber(text) && isInteger(text) ? BigInt(text) : Number(text);
}

/** Parses JSON text keeping big integers exact; undefined when the text is not JSON. */
export function parseExactJson(text: string): ExactJson | undefined {
  try {
    return parse(text, null, exactNumber) as ExactJson;
  } catch {
    return undefined;
  }
}

/** The answer's body with big integers exact, or undefined when it is not JSON. */
export function exactResponseJson(exchange: Pick<Exchange, 'responseBody'>): ExactJson | undefined {
  return parseExactJson(exchange.responseBody);
}

/** JSON text of a request body whose int64 values may be bigints: every digit written as it is. */
export function exactJsonText(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError('exactJsonText: the value has no JSON text');
  return text;
}
