import type { Exchange } from '../http/exchange.ts';
import { exactResponseJson } from '../json/exact-json.ts';

/** Key order does not matter in JSON objects; this writes them sorted so equal values read equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  // Big integers are written as their exact digits: two int64 values differing beyond 2^53 stay different.
  return typeof value === 'bigint' ? value.toString() : JSON.stringify(value);
}

/** Two answers say the same thing: the same status and the same JSON body (or the same text). */
export function sameAnswer(a: Exchange, b: Exchange): boolean {
  if (a.status !== b.status) return false;
  const ja = exactResponseJson(a);
  const jb = exactResponseJson(b);
  return ja === undefined || jb === undefined ? a.responseBody === b.responseBody : canonical(ja) === canonical(jb);
}

export function answerSummary(exchange: Exchange): string {
  const body = exchange.responseBody;
  return `${exchange.status} ${body.length > 300 ? `${body.slice(0, 300)}...` : body}`;
}
