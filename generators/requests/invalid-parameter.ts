import type { OpenAPIV3_1 } from 'openapi-types';
import type { InvalidCase } from '../schema/invalid-case.ts';

/** An invalid parameter of a generated request: which one, its text, and what the text breaks. */
export interface InvalidParameter extends InvalidCase<string> {
  name: string;
  in: 'query' | 'path';
}

/** A labelled invalid value of `parameter` as an InvalidParameter: named, and its value as text. */
export function invalidParameter(parameter: OpenAPIV3_1.ParameterObject, invalid: InvalidCase): InvalidParameter {
  return { ...invalid, value: String(invalid.value), name: parameter.name, in: parameter.in === 'path' ? 'path' : 'query' };
}
