import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { OperationRef } from '../../specs/operations.ts';
import { patternChecker } from '../schema/pattern-regex.ts';
import { parseOperatorFilter } from '../semantic/operator-filter.ts';
import { rangeFilterPairArbitrary } from '../semantic/range-filter-pair.ts';
import type { InvalidParameter } from './invalid-parameter.ts';
import { parameterInvalidArbitrary, parameterValidArbitrary } from './parameter-arbitraries.ts';
import { isRangeParameter, parameterSchema } from './parameter-schema.ts';
import { parametersToBreakArbitrary, type ParameterRequestOptions } from './parameters-to-break.ts';

export interface QueryCase {
  /** Name/text pairs in sending order; a range parameter may appear twice. Not yet URL-encoded. */
  query: Array<[string, string]>;
  /** The invalid parameters, one entry each, in the order they appear in `query`. */
  invalid: InvalidParameter[];
}

/**
 * A query string for an operation, derived from its query parameters: some parameters with valid
 * text (a range parameter sometimes as a `gt`/`lt` pair), and exactly `invalid` others with text
 * that breaks one keyword of their schema. With `invalid: 0` every query is one the contract
 * obliges the target to accept.
 */
export function queryArbitrary(op: OperationRef, options: ParameterRequestOptions = {}): fc.Arbitrary<QueryCase> {
  const includeAmbiguous = options.includeAmbiguous ?? false;
  const parameters = op.parameters.filter((p) => p.in === 'query');
  return parametersToBreakArbitrary(op, 'query', options.invalid ?? 0, includeAmbiguous).chain((broken) => {
    const brokenNames = new Set(broken.map((p) => p.name));
    const others = parameters.filter((p) => !brokenNames.has(p.name));
    const invalidPart = broken.map((p) => parameterInvalidArbitrary(p, { includeAmbiguous }));
    const validPart = fc.subarray(others).chain((chosen) => fc.tuple(...chosen.map((p) => validPairs(p, options.overrides?.[p.name]))));
    return fc.tuple(validPart, fc.tuple(...invalidPart)).map(([valid, invalid]) => ({
      query: [...valid.flat(), ...invalid.map((i): [string, string] => [i.name, i.value])],
      invalid,
    }));
  });
}

/** One name/text pair, or two for a range parameter given as a range. */
function validPairs(parameter: OpenAPIV3_1.ParameterObject, override: fc.Arbitrary<string> | undefined): fc.Arbitrary<Array<[string, string]>> {
  const text = override ?? parameterValidArbitrary(parameter);
  const single = text.map((t): Array<[string, string]> => [[parameter.name, t]]);
  if (!isRangeParameter(parameter)) return single;
  const bare = text.map((t) => parseOperatorFilter(t).value);
  const pattern = patternChecker(parameterSchema(parameter).pattern!);
  const range = rangeFilterPairArbitrary(bare)
    .filter(([low, high]) => pattern.test(low) && pattern.test(high))
    .map(([low, high]): Array<[string, string]> => [[parameter.name, low], [parameter.name, high]]);
  return fc.oneof(single, range);
}

/** `name=value&...` with both sides percent-encoded, ready to append after `?`. */
export function toQueryString(query: Array<[string, string]>): string {
  return query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}
