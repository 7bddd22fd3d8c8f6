import type fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { boundaryCases } from '../schema/boundary-cases.ts';
import { invalidArbitrary, type InvalidOptions } from '../schema/invalid-arbitrary.ts';
import { validArbitrary } from '../schema/valid-arbitrary.ts';
import { invalidParameter, type InvalidParameter } from './invalid-parameter.ts';
import { parameterRules, parameterSchema } from './parameter-schema.ts';

/**
 * One parameter's values as text. Invalid ones are labelled with the parameter's name and rule ids
 * as well as its schema's (the rules of a query parameter sit on the parameter, not on its schema).
 */

/** Text the parameter's schema accepts. */
export function parameterValidArbitrary(parameter: OpenAPIV3_1.ParameterObject): fc.Arbitrary<string> {
  return validArbitrary(parameterSchema(parameter), 'text') as fc.Arbitrary<string>;
}

export function parameterInvalidArbitrary(parameter: OpenAPIV3_1.ParameterObject, options: Omit<InvalidOptions, 'rules'> = {}): fc.Arbitrary<InvalidParameter> {
  return invalidArbitrary(parameterSchema(parameter), 'text', { ...options, rules: parameterRules(parameter) }).map((c) => invalidParameter(parameter, c));
}

export function parameterBoundaryCases(parameter: OpenAPIV3_1.ParameterObject): { valid: string[]; invalid: InvalidParameter[] } {
  const cases = boundaryCases(parameterSchema(parameter), 'text', { rules: parameterRules(parameter) });
  return { valid: cases.valid.map(String), invalid: cases.invalid.map((c) => invalidParameter(parameter, c)) };
}
