import type { OpenAPIV3_1 } from 'openapi-types';
import { patternChecker } from '../schema/pattern-regex.ts';
import { rulesOf, type SchemaNode } from '../schema/schema-node.ts';

/** The schema of a parameter, an absent one read as "any string" (a path segment is text). */
export function parameterSchema(parameter: OpenAPIV3_1.ParameterObject): SchemaNode {
  return (parameter.schema as SchemaNode | undefined) ?? { type: 'string' };
}

/** The rule ids a parameter carries itself (its schema's own are added by the generators). */
export function parameterRules(parameter: OpenAPIV3_1.ParameterObject): string[] {
  return rulesOf(parameter as { 'x-rules'?: unknown });
}

/**
 * A parameter that may be given twice to form a range: declared `explode: true` and taking
 * operators (`gt:` and `lt:` before a value still match its pattern).
 */
export function isRangeParameter(parameter: OpenAPIV3_1.ParameterObject): boolean {
  const pattern = parameterSchema(parameter).pattern;
  if (parameter.explode !== true || pattern === undefined) return false;
  const regex = patternChecker(pattern);
  return regex.test('gt:1') && regex.test('lt:2');
}
