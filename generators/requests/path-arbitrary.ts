import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { OperationRef } from '../../specs/operations.ts';
import type { InvalidParameter } from './invalid-parameter.ts';
import { parameterInvalidArbitrary, parameterValidArbitrary } from './parameter-arbitraries.ts';
import { parametersToBreakArbitrary, type ParameterRequestOptions } from './parameters-to-break.ts';

export interface PathCase {
  /** The operation's path with every template filled in, percent-encoded. */
  path: string;
  /** The text of each path parameter, by name, before encoding. */
  params: Record<string, string>;
  invalid: InvalidParameter[];
}

/**
 * A filled-in path for an operation. Text that would change which route is addressed (empty, `/`,
 * `.`/`..`) is never produced, so an invalid value reaches the operation it is meant for. A valid
 * ID is well-formed, not known to exist: a lookup may still answer 404.
 */
export function pathArbitrary(op: OperationRef, options: ParameterRequestOptions = {}): fc.Arbitrary<PathCase> {
  const includeAmbiguous = options.includeAmbiguous ?? false;
  const parameters = op.parameters.filter((p) => p.in === 'path');
  return parametersToBreakArbitrary(op, 'path', options.invalid ?? 0, includeAmbiguous).chain((broken) => {
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
