import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { OperationRef } from '../../src/spec/operations.ts';
import { invalidKeywords } from '../schema/invalid-arbitrary.ts';
import type { InvalidParameter } from './invalid-parameter.ts';
import { parameterInvalidArbitrary, parameterValidArbitrary } from './parameter-arbitraries.ts';
import { parameterSchema } from './parameter-schema.ts';

export interface PathCase {
  /** The operation's path with every template filled in, percent-encoded. */
  path: string;
  /** The text of each path parameter, by name, before encoding. */
  params: Record<string, string>;
  invalid: InvalidParameter[];
}

export interface PathOptions {
  /** How many path parameters carry an invalid value (default 0). */
  invalid?: number;
  /** Valid text for a parameter instead of its schema's, by name (an ID that exists on the target). */
  overrides?: Record<string, fc.Arbitrary<string>>;
  /** Allow invalid values a lenient target may accept (case variants); default false. */
  includeAmbiguous?: boolean;
}

/**
 * A filled-in path for an operation. Text that would change which route is addressed (empty, `/`,
 * `.`/`..`) is never produced, so an invalid value reaches the operation it is meant for. A valid
 * ID is well-formed, not known to exist: a lookup may still answer 404.
 */
export function pathArbitrary(op: OperationRef, options: PathOptions = {}): fc.Arbitrary<PathCase> {
  const invalidCount = options.invalid ?? 0;
  const includeAmbiguous = options.includeAmbiguous ?? false;
  const parameters = op.parameters.filter((p) => p.in === 'path');
  const breakable = parameters.filter((p) => invalidKeywords(parameterSchema(p), 'text', { includeAmbiguous }).length > 0);
  if (breakable.length < invalidCount) throw new RangeError(`${op.operationId} has ${breakable.length} path parameters that can be invalid, ${invalidCount} asked`);
  return fc.shuffledSubarray(breakable, { minLength: invalidCount, maxLength: invalidCount }).chain((broken) => {
    const brokenNames = new Set(broken.map((p) => p.name));
    const values = parameters.map((p) =>
      brokenNames.has(p.name)
        ? invalidPathText(p, includeAmbiguous).map((c) => ({ name: p.name, text: c.value, invalid: c }))
        : (options.overrides?.[p.name] ?? parameterValidArbitrary(p)).filter(routable).map((text) => ({ name: p.name, text, invalid: undefined })),
    );
    return fc.tuple(...values).map((filled) => {
      const params = Object.fromEntries(filled.map((f) => [f.name, f.text]));
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
      return { path, params, invalid: filled.flatMap((f) => (f.invalid ? [f.invalid] : [])) };
    });
  });
}

function invalidPathText(parameter: OpenAPIV3_1.ParameterObject, includeAmbiguous: boolean): fc.Arbitrary<InvalidParameter> {
  return parameterInvalidArbitrary(parameter, { includeAmbiguous }).filter((c) => routable(c.value));
}

/** Text that stays one path segment after encoding and normalisation. */
function routable(text: string): boolean {
  return text !== '' && text !== '.' && text !== '..' && !text.includes('/');
}
