import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** A rule known to fail on a target: reported as a known deviation until it expires. */
export interface Expectation {
  rule: string;
  /**
   * Narrows the expectation to failures on one endpoint: `[METHOD ]/path/{param}`, the path relative
   * to the interface's base URL (e.g. `GET /api/v1/transactions`); other failures of the rule still count.
   */
  endpoint?: string;
  reason: string;
  /** YYYY-MM-DD; from the day after, a matching failure fails the run again. */
  expires: string;
}

export class ExpectationsError extends Error {
  override name = 'ExpectationsError';
}

const FIELDS = new Set(['rule', 'endpoint', 'reason', 'expires']);
const ENDPOINT = /^(?:(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) )?(\/[^\s?#]*)$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Does a violation message concern this endpoint? Messages name their exchange as
 * `METHOD http://host/base/path?query -> status`; the path must end where the endpoint ends, so
 * `/api/v1/transactions` does not cover `/api/v1/transactions/{id}`.
 */
export function messageConcernsEndpoint(endpoint: string, message: string): boolean {
  const [, method, path] = ENDPOINT.exec(endpoint) ?? [];
  if (!path) return false;
  const pattern = path.split(/\{[^}]*\}/).map(escapeRegExp).join('[^/?#\\s]+');
  return new RegExp(`${method ? `${method} ` : ''}\\S*${pattern}\\/?(?=[?#\\s]|$)`, 'm').test(message);
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
    return { rule: e.rule, endpoint: e.endpoint as string | undefined, reason: e.reason, expires };
  });
}
