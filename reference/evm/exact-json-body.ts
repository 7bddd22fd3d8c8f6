// The contract call's int64 fields (gas, gasPrice, value) reach 2^63 - 1: read through doubles,
// 2^63 - 1 and 2^63 are the same number, so the body is parsed with every integer exact.
import { isInteger, isSafeNumber, parse } from 'lossless-json';

/** JSON text to a value whose integers beyond ±2^53 are bigints; throws on text that is not JSON. */
export function parseExactJson(text: string): unknown {
  return parse(text, null, (digits) => (isInteger(digits) && !isSafeNumber(digits) ? BigInt(digits) : Number(digits)));
}
