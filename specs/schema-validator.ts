import type { Ajv2020, ErrorObject, Format, ValidateFunction } from 'ajv/dist/2020.js';
import * as JsonPointer from '@hyperjump/json-pointer';
import { createRequire } from 'node:module';
import { knownValid, recall, remember, rememberValid } from './content-memo.ts';

// ajv itself is loaded only to generate a checker this machine has no code for (compileRemembered):
// loading it costs a process about 60 ms. Its packages ship CommonJS.
const requireFromHere = createRequire(import.meta.url);

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

/**
 * Exact integer ranges of the formats the specs use; the generators label values by the same
 * ranges. int64 reaches ±2^63, past the integers a double holds exactly: such values travel as bigint.
 */
export const INTEGER_FORMAT_RANGES: Record<string, readonly [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

const AJV_VERSION = (requireFromHere('ajv/package.json') as { version: string }).version;
/** The tool that checks schemas against the JSON Schema meta-schema, as content-memo.ts remembers its findings. */
const META_VALIDATOR = `ajv ${AJV_VERSION} meta-schema 2020-12`;

/** How the generated code names the formats of the instance that runs it (as `require` gives them to it). */
const FORMATS_MODULE = 'ledger-conformance:ajv-formats';
const AJV_OPTIONS = { strict: false, allErrors: true, validateFormats: true, validateSchema: false, code: { optimize: false, source: true } } as const;

/** Every format the schemas may name: ajv-formats' full set, and the integer formats by their exact ranges. */
const FORMATS: Record<string, Format> = {
  ...(requireFromHere('ajv-formats/dist/formats') as { fullFormats: Record<string, Format> }).fullFormats,
  ...Object.fromEntries(Object.entries(INTEGER_FORMAT_RANGES).map(([name, [min, max]]) => {
    // Both edges as doubles are exact (-2^63, 2^63); ajv sees bigints as the double at or below them.
    const [low, pastHigh] = [Number(min), Number(max + 1n)];
    return [name, { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= low && n < pastHigh }];
  })),
};

/** The code generator, as content-memo.ts remembers its output: the options and the formats it knows shape the code. */
export const CODE_GENERATOR = `ajv ${AJV_VERSION} standalone ${JSON.stringify(AJV_OPTIONS)} formats ${Object.entries(FORMATS).map(([name, f]) => `${name}:${typeof f === 'object' && !(f instanceof RegExp) ? (f.type ?? 'string') : 'string'}`).join(',')}`;

function createAjv(): Ajv2020 {
  // strict off: OpenAPI documents carry x- extensions and annotation keywords ajv does not know.
  // A schema is checked against the meta-schema once per content (compileChecked), not on every
  // compile: compiling the meta-schema alone costs about 0.1 s in every process. Unoptimised code
  // judges the same and compiles in half the time; each checker runs a few hundred times at most.
  // The source is kept so that the code can be remembered (compileRemembered).
  const { Ajv2020: Ajv, _ } = requireFromHere('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const ajv = new Ajv(AJV_OPTIONS);
  (requireFromHere('ajv-formats') as (ajv: Ajv2020) => Ajv2020)(ajv);
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  // The generated code reads its formats as `require` gives them to it (loadRemembered): FORMATS.
  ajv.opts.code.formats = _`require(${FORMATS_MODULE})`;
  return ajv;
}

let instance: Ajv2020 | undefined;
const ajv = (): Ajv2020 => (instance ??= createAjv());
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * Compiles (once per schema object) a checker returning every violation, empty when valid. Values
 * may hold bigints (exact int64 values, from a lossless parse or a generator): they are judged exactly.
 */
export function schemaChecker(schema: object): (value: unknown) => SchemaViolation[] {
  const fn = compiled.get(schema) ?? compileRemembered(schema);
  compiled.set(schema, fn);
  return (value) => (fn(bigintsAsDoubles(value)) ? [] : (fn.errors ?? []).map((e) => describeError(e, value, schema)));
}

/**
 * The checker's code as ajv generated it for this schema text on this machine before, or compiled
 * now: generating it costs a process about 0.15 s for the documents of one interface, running
 * remembered code a tenth of that. Only a schema the meta-schema took is ever remembered.
 */
function compileRemembered(schema: object): ValidateFunction {
  const text = JSON.stringify(schema);
  const code = recall(CODE_GENERATOR, text);
  if (code !== undefined) {
    try {
      return loadRemembered(code);
    } catch {
      // a memo that does not run (a damaged disk): generate it again
    }
  }
  const fn = compileChecked(schema, text);
  const standaloneCode = requireFromHere('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js').default;
  remember(CODE_GENERATOR, text, standaloneCode(ajv(), fn));
  return fn;
}

/** Generated code (a CommonJS module) run as ajv's standalone code runs: its runtime helpers required, its formats FORMATS. */
function loadRemembered(code: string): ValidateFunction {
  const module = { exports: {} as unknown };
  const load = (id: string): unknown => (id === FORMATS_MODULE ? FORMATS : requireFromHere(id));
  new Function('require', 'module', 'exports', code)(load, module, module.exports);
  return module.exports as ValidateFunction;
}

/** ajv's compile, refusing a schema the meta-schema refuses as ajv itself would (once per schema text on this machine). */
function compileChecked(schema: object, text: string): ValidateFunction {
  if (!knownValid(META_VALIDATOR, text)) {
    if (!ajv().validateSchema(schema)) throw new Error(`schema is invalid: ${ajv().errorsText(ajv().errors)}`);
    rememberValid(META_VALIDATOR, text);
  }
  return ajv().compile(schema);
}

/**
 * ajv reads numbers only. A bigint becomes the largest double not above it: that double lies on the
 * same side as the bigint of every integer bound a double holds exactly (0, 100, ±2^63), so
 * minimum, maximum, type and the integer formats judge it as they would the exact value.
 */
function bigintsAsDoubles(value: unknown): unknown {
  if (typeof value === 'bigint') return doubleAtOrBelow(value);
  if (value === null || typeof value !== 'object') return value;
  // Copied only where a bigint is: most answers hold none, and are judged as they are.
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const converted = bigintsAsDoubles(item);
      if (converted !== item) (copy ??= [...value])[i] = converted;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const converted = bigintsAsDoubles(item);
    if (converted !== item) (copy ??= { ...value })[key] = converted;
  }
  return copy ?? value;
}

function doubleAtOrBelow(n: bigint): number {
  const nearest = Number(n);
  // Beyond the largest double (10^309 and up) the largest finite double of that sign stands in.
  if (!Number.isFinite(nearest)) return nearest > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
  if (BigInt(nearest) <= n) return nearest;
  // One step down in the IEEE bit pattern: towards zero for a positive double, away from it for a negative one.
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, nearest);
  view.setBigInt64(0, view.getBigInt64(0) + (nearest > 0 ? -1n : 1n));
  return view.getFloat64(0);
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
    const actual = v.actual === undefined ? 'nothing' : typeof v.actual === 'bigint' ? String(v.actual) : JSON.stringify(v.actual, (_k, x) => (typeof x === 'bigint' ? String(x) : x))?.slice(0, 120);
    const rules = v.rules.length ? ` (${v.rules.join(', ')})` : '';
    return `${v.pointer || '(root)'}: [${v.keyword}] expected ${v.expected}, got ${actual}${rules}`;
  });
  if (violations.length > limit) lines.push(`... and ${violations.length - limit} more`);
  return lines.join('\n');
}
