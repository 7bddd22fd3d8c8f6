import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Exchange } from '../http/exchange.ts';
import { documentValidator, projectSchema } from '../spec/document-validator.ts';

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
  /**
   * Narrows the expectation to one finding: a regular expression tested against the violation's
   * message (e.g. the value a status page shows). A held judgement cannot show that finding gone,
   * so such an entry is never reported fixed, only not re-checked.
   */
  finding?: string;
  reason: string;
  /** YYYY-MM-DD; from the day after, a matching failure fails the run again. */
  expires: string;
}

export class ExpectationsError extends Error {
  override name = 'ExpectationsError';
}


const SCHEMA = projectSchema('expectations');
const ENTRY = SCHEMA.$defs!.expectation!;
const checkDocument = documentValidator(SCHEMA, ENTRY.properties!);
const ENDPOINT = new RegExp(String((ENTRY.properties!.endpoint as { pattern: string }).pattern));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What an expectation is known by in the evidence of a run (the same rule may have several, scoped apart). */
export function expectationKey(e: Pick<Expectation, 'rule' | 'endpoint' | 'input' | 'finding'>): string {
  return [e.rule, e.endpoint ?? '', e.input ?? '', ...(e.finding !== undefined ? [e.finding] : [])].join(' | ');
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

/** Does an expectation speak of this violation: its exchange, and the finding its message states? */
export function expectationCoversViolation(e: Expectation, exchange: Pick<Exchange, 'method' | 'url' | 'requestBody'> | undefined, message: string): boolean {
  return expectationCovers(e, exchange) && (e.finding === undefined || new RegExp(e.finding).test(message));
}

/**
 * Reads an expectations file (JSON or YAML: a list, or `{expectations: [...]}`), checking it against
 * specs/schemas/expectations.schema.json (the schema editors use) and every rule against the catalogue.
 */
/** Several files (--expectations given more than once, e.g. one per interface's public service) are read as one list. */
// The parser is loaded for an expectations file only: every report imports this module, and loading
// the parser costs a process about 25 ms.
const parseYaml = (text: string): unknown => (createRequire(import.meta.url)('yaml') as typeof import('yaml')).parse(text);

export function readExpectationFiles(paths: string[], knownRules: Set<string>): Expectation[] {
  return paths.flatMap((path) => readExpectations(path, knownRules));
}

export function readExpectations(path: string, knownRules: Set<string>): Expectation[] {
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    // The YAML parser's message continues with an excerpt of the file; its first line says what is wrong.
    throw new ExpectationsError(`expectations file ${path} cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
  const list = Array.isArray(doc) ? doc : (doc as { expectations?: unknown })?.expectations;
  // YAML may read an unquoted date as a Date: the file means the day it wrote.
  if (Array.isArray(list)) for (const e of list) if (e?.expires instanceof Date) e.expires = e.expires.toISOString().slice(0, 10);
  const problem = checkDocument(doc);
  if (problem) throw new ExpectationsError(`expectations file ${path}${problem.entry ? `, entry ${problem.entry}` : ''}: ${problem.message}`);
  return (list as Expectation[]).map((e, i) => {
    if (!knownRules.has(e.rule)) throw new ExpectationsError(`expectations file ${path}, entry ${i + 1}: unknown rule "${e.rule}"`);
    return { rule: e.rule, endpoint: e.endpoint, ...(e.input !== undefined ? { input: e.input } : {}), ...(e.finding !== undefined ? { finding: e.finding } : {}), reason: e.reason, expires: e.expires };
  });
}
