import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { Exchange } from '../http/exchange.ts';

/** A rule known to fail on a target: reported as a known deviation until it expires. */
export interface Expectation {
  rule: string;
  /**
   * Narrows the expectation to failures on one endpoint: `[METHOD ]/path/{param}`, the path relative
   * to the interface's base URL (e.g. `GET /api/v1/transactions`); other failures of the rule still count.
   */
  endpoint?: string;
  /**
   * Narrows the expectation to the deviating input: a regular expression tested against the request
   * text `METHOD /path?query` + blank line + body. A failure elsewhere is news, and `fixed` is only
   * claimed when the rule held on a request that matches.
   */
  input?: string;
  reason: string;
  /** YYYY-MM-DD; from the day after, a matching failure fails the run again. */
  expires: string;
}

export class ExpectationsError extends Error {
  override name = 'ExpectationsError';
}

const FIELDS = new Set(['rule', 'endpoint', 'input', 'reason', 'expires']);
const ENDPOINT = /^(?:(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) )?(\/[^\s?#]*)$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What an expectation is known by in the evidence of a run (the same rule may have several, scoped apart). */
export function expectationKey(e: Pick<Expectation, 'rule' | 'endpoint' | 'input'>): string {
  return [e.rule, e.endpoint ?? '', e.input ?? ''].join(' | ');
}

/** The request as an expectation's `input` sees it: `METHOD /path?query`, a blank line, the body. */
export function requestText(exchange: Pick<Exchange, 'method' | 'url' | 'requestBody'>): string {
  const url = new URL(exchange.url);
  return `${exchange.method} ${url.pathname}${url.search}\n\n${exchange.requestBody ?? ''}`;
}

/**
 * Does this request fall under the endpoint? The path must end where the endpoint ends, so
 * `/api/v1/transactions` does not cover `/api/v1/transactions/{id}`; `{name}` stands for one segment,
 * and the endpoint may sit below a base path of the target.
 */
export function requestOnEndpoint(endpoint: string, method: string, url: string): boolean {
  const [, wanted, path] = ENDPOINT.exec(endpoint) ?? [];
  if (!path || (wanted && wanted !== method.toUpperCase())) return false;
  const pattern = path.split(/\{[^}]*\}/).map(escapeRegExp).join('[^/?#]+');
  return new RegExp(`${pattern}\\/?$`).test(new URL(url).pathname);
}

/** Does an expectation speak of this exchange (or, for a judgement with no exchange, of any)? */
export function expectationCovers(e: Expectation, exchange: Pick<Exchange, 'method' | 'url' | 'requestBody'> | undefined): boolean {
  if (!exchange) return !e.endpoint && !e.input;
  if (e.endpoint && !requestOnEndpoint(e.endpoint, exchange.method, exchange.url)) return false;
  return !e.input || new RegExp(e.input).test(requestText(exchange));
}

function isRegExp(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

function isCalendarDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) && new Date(text).toISOString().slice(0, 10) === text;
}

/** Reads an expectations file (JSON or YAML: a list, or `{expectations: [...]}`), checking every entry. */
export function readExpectations(path: string, knownRules: Set<string>): Expectation[] {
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    // The YAML parser's message continues with an excerpt of the file; its first line says what is wrong.
    throw new ExpectationsError(`expectations file ${path} cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
  const list = Array.isArray(doc) ? doc : (doc as { expectations?: unknown })?.expectations;
  if (!Array.isArray(list)) throw new ExpectationsError(`expectations file ${path} must hold a list of expectations`);
  return list.map((raw, i) => {
    const e = raw as Partial<Record<keyof Expectation, unknown>>;
    const where = `expectations file ${path}, entry ${i + 1}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ExpectationsError(`${where}: must be an object with rule, reason and expires`);
    // A misspelt key (say "endpont") would silently widen the expectation: refuse it.
    const stray = Object.keys(raw).filter((k) => !FIELDS.has(k));
    if (stray.length) throw new ExpectationsError(`${where}: unknown field "${stray[0]}" (fields: ${[...FIELDS].join(', ')})`);
    if (typeof e.rule !== 'string' || !knownRules.has(e.rule)) throw new ExpectationsError(`${where}: unknown rule "${String(e.rule)}"`);
    if (typeof e.reason !== 'string' || !e.reason.trim()) throw new ExpectationsError(`${where}: a reason is required`);
    const expires = e.expires instanceof Date ? e.expires.toISOString().slice(0, 10) : e.expires;
    if (typeof expires !== 'string' || !isCalendarDate(expires)) {
      throw new ExpectationsError(`${where}: expires must be a date YYYY-MM-DD`);
    }
    if (e.endpoint !== undefined && (typeof e.endpoint !== 'string' || !ENDPOINT.test(e.endpoint))) {
      throw new ExpectationsError(`${where}: endpoint must look like "GET /api/v1/transactions" (method optional)`);
    }
    if (e.input !== undefined && (typeof e.input !== 'string' || !isRegExp(e.input))) {
      throw new ExpectationsError(`${where}: input must be a regular expression over "METHOD /path?query" and the body`);
    }
    return { rule: e.rule, endpoint: e.endpoint as string | undefined, ...(e.input !== undefined ? { input: e.input as string } : {}), reason: e.reason, expires };
  });
}
