import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from '../config/run-config.ts';

/**
 * A contract call whose outcome is known on a target: the value checks of section 4.3 compare the
 * target's answer with it. Either `expectedResult` (the hex the call returns) or `expectedRevert`.
 */
export type KnownCall = {
  description: string;
  to: string;
  data: string;
  block?: string;
  /** Where the entry came from (a file path), for the report. */
  source: string;
} & ({ expectedResult: string; expectedRevert?: undefined } | { expectedRevert: true; expectedResult?: undefined });

/** The project's own known calls on the embedded reference: the fixture contracts. */
export const REFERENCE_KNOWN_CALLS = fileURLToPath(new URL('../../fixtures/known-calls/reference.json', import.meta.url));

const HEX = /^0x[0-9a-fA-F]*$/;

/** Parses a known-calls file; a malformed entry is a configuration error naming the file and entry. */
export function parseKnownCalls(text: string, source: string): KnownCall[] {
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch (error) {
    throw new Error(`known-calls file ${source} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(entries)) throw new Error(`known-calls file ${source} must hold a JSON list`);
  return entries.map((entry, index) => {
    const e = entry as Record<string, unknown>;
    const where = `known-calls file ${source}, entry ${index}`;
    if (typeof e !== 'object' || e === null) throw new Error(`${where} is not an object`);
    for (const key of ['description', 'to', 'data'] as const) {
      if (typeof e[key] !== 'string') throw new Error(`${where}: "${key}" must be a string`);
    }
    if (e.block !== undefined && typeof e.block !== 'string') throw new Error(`${where}: "block" must be a string`);
    const base = { description: e.description as string, to: e.to as string, data: e.data as string, source, ...(e.block === undefined ? {} : { block: e.block as string }) };
    if (e.expectedRevert === true && e.expectedResult === undefined) return { ...base, expectedRevert: true as const };
    if (typeof e.expectedResult === 'string' && HEX.test(e.expectedResult) && e.expectedRevert === undefined) return { ...base, expectedResult: e.expectedResult };
    throw new Error(`${where}: needs either "expectedResult" (0x hex) or "expectedRevert": true`);
  });
}

/** The contract call body that asks the target for a known call's outcome. */
export function knownCallBody(call: KnownCall): { to: string; data: string; block?: string } {
  return { to: call.to, data: call.data, ...(call.block === undefined ? {} : { block: call.block }) };
}

/**
 * Every known call for this run: the file given with --known-calls, and on the embedded reference
 * the project's own file. An empty list means the value checks have nothing to compare.
 */
export function knownCallsFor(config: Pick<ResolvedConfig, 'knownCallsFile' | 'embedded'>): KnownCall[] {
  const files = [...(config.knownCallsFile ? [config.knownCallsFile] : []), ...(config.embedded ? [REFERENCE_KNOWN_CALLS] : [])];
  return files.flatMap((file) => parseKnownCalls(readFileSync(file, 'utf8'), file));
}
