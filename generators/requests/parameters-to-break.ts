import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { OperationRef } from '../../specs/operations.ts';
import { invalidKeywords } from '../schema/invalid-arbitrary.ts';
import { parameterSchema } from './parameter-schema.ts';

/** What queryArbitrary and pathArbitrary take: how many parameters to break, and valid text to use instead of the schema's. */
export interface ParameterRequestOptions {
  /** How many distinct parameters carry an invalid value (default 0: a request the target must accept). */
  invalid?: number;
  /** Valid text for a parameter instead of its schema's, by name (an ID that exists on the target). */
  overrides?: Record<string, fc.Arbitrary<string>>;
  /** Allow invalid values a lenient target may accept (case variants, empty text); default false. */
  includeAmbiguous?: boolean;
}

/**
 * Which `count` of an operation's parameters in one location to break, in random order, drawn among
 * those whose schema lets a value break one keyword on its own; throws when there are too few.
 */
export function parametersToBreakArbitrary(
  op: OperationRef,
  location: 'query' | 'path',
  count: number,
  includeAmbiguous: boolean,
): fc.Arbitrary<OpenAPIV3_1.ParameterObject[]> {
  const breakable = op.parameters.filter((p) => p.in === location && invalidKeywords(parameterSchema(p), 'text', { includeAmbiguous }).length > 0);
  if (breakable.length < count) throw new RangeError(`${op.operationId} has ${breakable.length} ${location} parameters that can be invalid, ${count} asked`);
  return fc.shuffledSubarray(breakable, { minLength: count, maxLength: count });
}
