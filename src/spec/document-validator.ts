import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { SPECS_DIR } from '../../specs/load-spec.ts';

// ajv is loaded at the first document it checks (it ships CommonJS): loading it costs a process
// about 60 ms, and a document this machine validated before is not checked again (content-memo.ts).
const requireFromHere = createRequire(import.meta.url);

type SchemaNode = { description?: string; properties?: Record<string, SchemaNode>; $defs?: Record<string, SchemaNode> };

/** A JSON Schema of specs/schemas/, read once: the same file editors use to check what users write. */
export function projectSchema(name: 'expectations' | 'rule-catalogue' | 'known-calls' | 'verify-samples'): SchemaNode & Record<string, unknown> {
  return JSON.parse(readFileSync(`${SPECS_DIR}schemas/${name}.schema.json`, 'utf8')) as SchemaNode & Record<string, unknown>;
}

function describeError(error: ErrorObject, descriptions: Record<string, string>): string {
  const params = error.params as Record<string, string>;
  if (error.keyword === 'additionalProperties') {
    return `unknown field "${params.additionalProperty}" (fields: ${Object.keys(descriptions).join(', ')})`;
  }
  const field = error.keyword === 'required' ? params.missingProperty! : error.instancePath.split('/').at(-1)!;
  const described = descriptions[field];
  return described ? `${field} must be ${described}` : `${error.instancePath || 'the document'} ${error.message}`;
}

/**
 * Checks a user-written document against a project schema and says what is wrong with the first
 * entry that breaks it, in the schema's own words (each property's description).
 */
export function documentValidator(schema: object, entryProperties: Record<string, SchemaNode>): (doc: unknown) => { entry?: number; message: string } | undefined {
  // Compiled at the first document, not when the module loads: most runs are given no such document,
  // and each compile costs a run's start-up about a tenth of a second.
  let compiled: ValidateFunction | undefined;
  const descriptions = Object.fromEntries(Object.entries(entryProperties).map(([k, v]) => [k, v.description ?? k]));
  return (doc) => {
    if (!compiled) {
      const { Ajv2020: Ajv } = requireFromHere('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
      const ajv = new Ajv({ allErrors: true, strict: false });
      (requireFromHere('ajv-formats') as (ajv: Ajv2020) => Ajv2020)(ajv);
      compiled = ajv.compile(schema);
    }
    const validate = compiled;
    if (validate(doc)) return undefined;
    // oneOf/anyOf wrappers report their branches; the error inside an entry is the one worth telling.
    const errors = (validate.errors ?? []).filter((e) => !['oneOf', 'anyOf', 'type'].includes(e.keyword) || /\/\d+$/.test(e.instancePath));
    const inEntry = errors.find((e) => /\/\d+(\/|$)/.test(e.instancePath) || (e.keyword === 'required' && /\/\d+$/.test(e.instancePath))) ?? errors[0] ?? validate.errors![0]!;
    const index = /\/(\d+)(?:\/|$)/.exec(inEntry.instancePath)?.[1];
    return { ...(index !== undefined ? { entry: Number(index) + 1 } : {}), message: describeError(inEntry, descriptions) };
  };
}
