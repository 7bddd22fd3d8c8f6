import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import * as JsonPointer from '@hyperjump/json-pointer';

// ajv-formats ships CommonJS: under NodeNext its default import is the module object.
const addFormats = formatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

/** One way a value breaks its schema, in words a report reader can act on. */
export interface SchemaViolation {
  /** JSON pointer into the checked value ('' = the value itself). */
  pointer: string;
  /** The JSON Schema keyword that failed: pattern, type, enum, required, minimum, ... */
  keyword: string;
  expected: string;
  actual: unknown;
  /** Catalogue rules (`x-rules`) of the schema nodes on the way to the failed keyword, deepest first. */
  rules: string[];
}

/** Integer ranges of the formats the specs use; the generators label values by the same ranges. */
export const INTEGER_FORMAT_RANGES: Record<string, readonly [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function createAjv(): Ajv2020 {
  // strict off: OpenAPI documents carry x- extensions and annotation keywords ajv does not know.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  for (const [name, [min, max]] of Object.entries(INTEGER_FORMAT_RANGES)) {
    ajv.addFormat(name, { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= min && n <= max });
  }
  return ajv;
}

const ajv = createAjv();
const compiled = new WeakMap<object, ValidateFunction>();

/** Compiles (once per schema object) a checker returning every violation, empty when valid. */
export function schemaChecker(schema: object): (value: unknown) => SchemaViolation[] {
  const fn = compiled.get(schema) ?? ajv.compile(schema);
  compiled.set(schema, fn);
  return (value) => (fn(value) ? [] : (fn.errors ?? []).map((e) => describeError(e, value, schema)));
}

/** Follows ajv's schemaPath through the (dereferenced) schema collecting `x-rules` on the way. */
function rulesAlong(schema: object, schemaPath: string): string[] {
  const found: string[] = [];
  let node: unknown = schema;
  for (const key of JsonPointer.pointerSegments(decodeURIComponent(schemaPath.replace(/^#/, '')))) {
    const rules = (node as Record<string, unknown> | undefined)?.['x-rules'];
    if (Array.isArray(rules)) found.unshift(...rules.map(String));
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return [...new Set(found)];
}

/** The value at a JSON pointer, undefined where the path does not exist (the pointer library throws there). */
function valueAt(root: unknown, pointer: string): unknown {
  try {
    return JsonPointer.get(pointer, root as JsonPointer.Json);
  } catch {
    return undefined;
  }
}

function describeError(error: ErrorObject, root: unknown, schema: object): SchemaViolation {
  const rules = rulesAlong(schema, error.schemaPath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const pointer = `${error.instancePath}/${String(params.missingProperty)}`;
    return { pointer, keyword: 'required', expected: 'a value (required property)', actual: undefined, rules };
  }
  const expected: Record<string, () => string> = {
    pattern: () => `a string matching ${String(params.pattern)}`,
    type: () => `type ${String(params.type)}`,
    enum: () => `one of ${JSON.stringify(params.allowedValues)}`,
    const: () => `exactly ${JSON.stringify(params.allowedValue)}`,
    format: () => `format ${String(params.format)}`,
  };
  return {
    pointer: error.instancePath,
    keyword: error.keyword,
    expected: expected[error.keyword]?.() ?? error.message ?? error.keyword,
    actual: valueAt(root, error.instancePath),
    rules,
  };
}

/** One line per violation: `/schedules/0/schedule_id: expected a string matching ..., got "x"`. */
export function formatViolations(violations: SchemaViolation[], limit = 20): string {
  const lines = violations.slice(0, limit).map((v) => {
    const actual = v.actual === undefined ? 'nothing' : JSON.stringify(v.actual)?.slice(0, 120);
    const rules = v.rules.length ? ` (${v.rules.join(', ')})` : '';
    return `${v.pointer || '(root)'}: [${v.keyword}] expected ${v.expected}, got ${actual}${rules}`;
  });
  if (violations.length > limit) lines.push(`... and ${violations.length - limit} more`);
  return lines.join('\n');
}
