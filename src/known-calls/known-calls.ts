import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from '../config/run-config.ts';
import { documentValidator, projectSchema } from '../spec/document-validator.ts';

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

const SCHEMA = projectSchema('known-calls');
const checkDocument = documentValidator(SCHEMA, (SCHEMA.items as { properties: Record<string, object> }).properties);

export class KnownCallsError extends Error {
  override name = 'KnownCallsError';
}

/**
 * Parses a known-calls file, checked against specs/schemas/known-calls.schema.json; a malformed
 * entry is a configuration error naming the file and entry.
 */
export function parseKnownCalls(text: string, source: string): KnownCall[] {
  let entries: Array<Omit<KnownCall, 'source'>>;
  try {
    entries = JSON.parse(text);
  } catch (error) {
    throw new KnownCallsError(`known-calls file ${source} is not JSON: ${(error as Error).message}`);
  }
  const problem = checkDocument(entries);
  if (problem) throw new KnownCallsError(`known-calls file ${source}${problem.entry ? ` entry #${problem.entry}` : ''}: ${problem.message}`);
  return entries.map(({ description, to, data, block, expectedResult, expectedRevert }) => ({
    description, to, data, source, ...(block === undefined ? {} : { block }),
    ...(expectedRevert ? { expectedRevert } : { expectedResult: expectedResult! }),
  }));
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
  return files.flatMap(readKnownCallsFile);
}

/** The known calls of one file; a file that cannot be read is a configuration error too. */
export function readKnownCallsFile(path: string): KnownCall[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new KnownCallsError(`known-calls file ${path} cannot be read: ${(error as Error).message}`);
  }
  return parseKnownCalls(text, path);
}
