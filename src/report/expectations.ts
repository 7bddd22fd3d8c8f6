import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/** A rule known to fail on a target: reported as a known deviation until it expires. */
export interface Expectation {
  rule: string;
  /** Narrows the expectation to failures whose message names this endpoint path. */
  endpoint?: string;
  reason: string;
  /** YYYY-MM-DD; from the day after, a matching failure fails the run again. */
  expires: string;
}

export class ExpectationsError extends Error {
  override name = 'ExpectationsError';
}

/** Reads an expectations file (JSON or YAML: a list, or `{expectations: [...]}`), checking every entry. */
export function readExpectations(path: string, knownRules: Set<string>): Expectation[] {
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ExpectationsError(`expectations file ${path} cannot be read: ${(error as Error).message}`);
  }
  const list = Array.isArray(doc) ? doc : (doc as { expectations?: unknown })?.expectations;
  if (!Array.isArray(list)) throw new ExpectationsError(`expectations file ${path} must hold a list of expectations`);
  return list.map((raw, i) => {
    const e = raw as Partial<Record<keyof Expectation, unknown>>;
    const where = `expectations file ${path}, entry ${i + 1}`;
    if (typeof e.rule !== 'string' || !knownRules.has(e.rule)) throw new ExpectationsError(`${where}: unknown rule "${String(e.rule)}"`);
    if (typeof e.reason !== 'string' || !e.reason.trim()) throw new ExpectationsError(`${where}: a reason is required`);
    const expires = e.expires instanceof Date ? e.expires.toISOString().slice(0, 10) : e.expires;
    if (typeof expires !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(expires) || Number.isNaN(Date.parse(expires))) {
      throw new ExpectationsError(`${where}: expires must be a date YYYY-MM-DD`);
    }
    if (e.endpoint !== undefined && typeof e.endpoint !== 'string') throw new ExpectationsError(`${where}: endpoint must be a string`);
    return { rule: e.rule, endpoint: e.endpoint as string | undefined, reason: e.reason, expires };
  });
}
