import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse as parseYaml } from 'yaml';
import { knownValid, rememberValid } from './validated-spec-memo.ts';

export type InterfaceName = 'ledger-query' | 'status' | 'verify';
export const INTERFACES: readonly InterfaceName[] = ['ledger-query', 'status', 'verify'];

export const SPECS_DIR = fileURLToPath(new URL('./', import.meta.url));

export function specPath(name: InterfaceName): string {
  return `${SPECS_DIR}${name}.openapi.yaml`;
}

async function readSpecText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new SpecError(`cannot read OpenAPI document ${path}: ${(error as Error).message}`);
  }
}

function parseSpecText(path: string, text: string): OpenAPIV3_1.Document {
  try {
    return parseYaml(text) as OpenAPIV3_1.Document;
  } catch (error) {
    throw new SpecError(`OpenAPI document ${path} is not valid YAML: ${(error as Error).message}`);
  }
}

/** Reads a spec file as written (with its $refs), failing with a message that names the file. */
export async function readSpecDocument(path: string): Promise<OpenAPIV3_1.Document> {
  return parseSpecText(path, await readSpecText(path));
}

/**
 * Validates a document with swagger-parser (a text once: validated-spec-memo.ts) and returns it
 * fully dereferenced. swagger-parser mutates its input, so it works on a clone.
 */
export async function loadValidatedSpec(path: string): Promise<OpenAPIV3_1.Document> {
  const text = await readSpecText(path);
  const raw = parseSpecText(path, text);
  try {
    if (!knownValid(text)) {
      await SwaggerParser.validate(structuredClone(raw) as never);
      rememberValid(text);
    }
    return (await SwaggerParser.dereference(structuredClone(raw) as never)) as OpenAPIV3_1.Document;
  } catch (error) {
    throw new SpecError(`OpenAPI document ${path} is invalid: ${(error as Error).message}`);
  }
}

const cache = new Map<InterfaceName, Promise<OpenAPIV3_1.Document>>();

/** The dereferenced OpenAPI document of one interface, loaded once per process. */
export function loadSpec(name: InterfaceName): Promise<OpenAPIV3_1.Document> {
  let pending = cache.get(name);
  if (!pending) {
    pending = loadValidatedSpec(specPath(name));
    cache.set(name, pending);
  }
  return pending;
}

export class SpecError extends Error {
  override name = 'SpecError';
}
