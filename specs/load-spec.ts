import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';
import { createRequire } from 'node:module';
import { knownValid, parseYamlRemembered, rememberValid } from './content-memo.ts';
import { dereferenceLocal } from './dereference.ts';
import type { InterfaceName } from './interfaces.ts';

export { INTERFACES, type InterfaceName } from './interfaces.ts';

/** The tool that validates spec texts, as content-memo.ts remembers its findings. */
export const SPEC_VALIDATOR = `swagger-parser ${(createRequire(import.meta.url)('@apidevtools/swagger-parser/package.json') as { version: string }).version}`;

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
    return parseYamlRemembered(text) as OpenAPIV3_1.Document;
  } catch (error) {
    throw new SpecError(`OpenAPI document ${path} is not valid YAML: ${(error as Error).message}`);
  }
}

/** Reads a spec file as written (with its $refs), failing with a message that names the file. */
export async function readSpecDocument(path: string): Promise<OpenAPIV3_1.Document> {
  return parseSpecText(path, await readSpecText(path));
}

/**
 * Validates a document with swagger-parser (a text once: content-memo.ts; the parser is loaded only
 * then) and returns it fully dereferenced. Both mutate what they are given, so they work on clones.
 */
export async function loadValidatedSpec(path: string): Promise<OpenAPIV3_1.Document> {
  const text = await readSpecText(path);
  const raw = parseSpecText(path, text);
  try {
    if (!knownValid(SPEC_VALIDATOR, text)) {
      const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
      await SwaggerParser.validate(structuredClone(raw) as never);
      rememberValid(SPEC_VALIDATOR, text);
    }
    return dereferenceLocal(structuredClone(raw));
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
