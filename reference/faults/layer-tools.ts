// Small pieces faults are built from: matching a request, reading and replacing query values,
// and walking a JSON answer.
import type { LayerRequest, LayerResponse } from './layer.ts';
import { isJsonContentType } from '../evm/json-media-type.ts';

/** True for a GET of exactly this path (a RegExp must match the whole path). */
export function isGet(req: LayerRequest, path: string | RegExp): boolean {
  if (req.method !== 'GET') return false;
  return typeof path === 'string' ? req.path === path : new RegExp(`^(?:${path.source})$`).test(req.path);
}

/** A contract call, whatever its body. */
export function isContractCall(req: LayerRequest): boolean {
  return req.method === 'POST' && req.path === '/api/v1/contracts/call';
}

/** A contract call the route reads the body of: labelled application/json (any other media type is answered 415 first). */
export function isJsonCall(req: LayerRequest): boolean {
  return isContractCall(req) && isJsonContentType(req.headers['content-type']);
}

/** The JSON object body of such a call, or undefined. */
export function contractCallBody(req: LayerRequest): Record<string, unknown> | undefined {
  return isJsonCall(req) && req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : undefined;
}

/** The values of a query parameter, matched case-insensitively as the service does. */
export function queryValues(req: LayerRequest, name: string): string[] {
  return req.query.filter(([k]) => k.toLowerCase() === name).map(([, v]) => v);
}

/** Removes every query entry the predicate picks. */
export function dropQuery(req: LayerRequest, pick: (name: string, value: string) => boolean): void {
  for (let i = req.query.length - 1; i >= 0; i--) {
    const [name, value] = req.query[i]!;
    if (pick(name.toLowerCase(), value)) req.query.splice(i, 1);
  }
}

/** Replaces the value of every entry of a parameter. */
export function mapQuery(req: LayerRequest, name: string, map: (value: string) => string): void {
  for (const entry of req.query) if (entry[0].toLowerCase() === name) entry[1] = map(entry[1]);
}

/** The JSON object of a 200 answer, or undefined for anything else. */
export function okObject(res: LayerResponse): Record<string, any> | undefined {
  if (res.status !== 200 || typeof res.body !== 'object' || res.body === null || Array.isArray(res.body)) return undefined;
  return res.body as Record<string, any>;
}

/** The list under `key` of a 200 answer, or undefined. */
export function okList(res: LayerResponse, key: string): Array<Record<string, any>> | undefined {
  const list = okObject(res)?.[key];
  return Array.isArray(list) ? list : undefined;
}

/** A JSON answer, with the content type of the interface's other answers. */
export function jsonAnswer(status: number, body: unknown): LayerResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
}

/** The query service's error answer: {_status: {messages: [{message}]}}. */
export function ledgerError(status: number, ...messages: string[]): LayerResponse {
  return jsonAnswer(status, { _status: { messages: messages.map((message) => ({ message })) } });
}

/** The verification interface's error answer. */
export function verifyError(status: number, customCode: string, message: string): LayerResponse {
  return jsonAnswer(status, { customCode, message, errorId: crypto.randomUUID() });
}

/** The operator and value of a `[op:]value` filter. */
export function splitOperator(value: string): { op: string; operand: string } {
  const m = /^(eq|ne|gt|gte|lt|lte):(.*)$/i.exec(value);
  return m ? { op: m[1]!.toLowerCase(), operand: m[2]! } : { op: 'eq', operand: value };
}

/** A relative URL of a path and query pairs, as a next link writes it. */
export function relativeUrl(path: string, query: Array<[string, string]>): string {
  return query.length ? `${path}?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : path;
}
