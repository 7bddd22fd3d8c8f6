// JSON with 64-bit integers: ledger amounts (the treasury balance, total supply) exceed 2^53, so
// bigints are written as plain JSON number digits instead of being rounded through a double.
import { randomBytes } from 'node:crypto';

export type JsonValue = string | number | bigint | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

// The native serializer writes the document (several times faster than walking it here); a bigint
// goes through it as a string behind a mark no ledger text holds (a control character and a random
// nonce of this process) and comes out as its bare digits.
const MARK = `\u0001${randomBytes(8).toString('hex')}:`;
const MARKED = new RegExp(`"${JSON.stringify(MARK).slice(1, -1).replace(/\\/g, '\\\\')}(-?\\d+)"`, 'g');

export function toJson(value: JsonValue | undefined): string {
  if (value === undefined) return 'null';
  let marked = false;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'bigint') return item;
    marked = true;
    return `${MARK}${item}`;
  });
  return marked ? text.replace(MARKED, '$1') : text;
}
