import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from '../config/run-config.ts';
import { documentValidator, projectSchema } from '../spec/document-validator.ts';

export type ExpectedMatch = 'exact_match' | 'match';

/** A contract deployed on the verification target, with the input that verifies it and the match it must end in. */
export interface VerificationSample {
  chainId: string;
  address: string;
  /** The standard JSON compiler input: language, sources, settings. */
  stdJsonInput: object;
  compilerVersion: string;
  contractIdentifier: string;
  creationTransactionHash?: string;
  expectedMatch: ExpectedMatch;
  /** Where the sample came from (a file path, or the fixtures), for the report. */
  source: string;
}

const SCHEMA = projectSchema('verify-samples');
const checkDocument = documentValidator(SCHEMA, SCHEMA.$defs!.sample!.properties!);

/**
 * Reads a samples file (JSON or YAML: a list, or `{samples: [...]}`) checked against
 * specs/schemas/verify-samples.schema.json; a stdJsonInput given as a path is read relative to the file.
 * Anything wrong is one ConfigError naming the file and the entry.
 */
export function readVerificationSamples(path: string): VerificationSample[] {
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`verification samples file ${path} cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
  const problem = checkDocument(doc);
  if (problem) throw new ConfigError(`verification samples file ${path}${problem.entry ? `, entry ${problem.entry}` : ''}: ${problem.message}`);
  const list = (Array.isArray(doc) ? doc : (doc as { samples: unknown[] }).samples) as Array<Omit<VerificationSample, 'stdJsonInput' | 'source'> & { stdJsonInput: string | object }>;
  return list.map((entry, i) => ({ ...entry, stdJsonInput: inputOf(entry.stdJsonInput, path, i + 1), source: path }));
}

function inputOf(given: string | object, samplesFile: string, entry: number): object {
  if (typeof given !== 'string') return given;
  const file = resolve(dirname(samplesFile), given);
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`verification samples file ${samplesFile}, entry ${entry}: stdJsonInput file ${file} cannot be read as JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const missing = ['language', 'sources', 'settings'].filter((k) => typeof input !== 'object' || input === null || !(k in input));
  if (missing.length) throw new ConfigError(`verification samples file ${samplesFile}, entry ${entry}: stdJsonInput file ${file} lacks ${missing.join(', ')}`);
  return input as object;
}
