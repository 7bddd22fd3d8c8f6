import fc from 'fast-check';
import { invalidArbitrary, invalidKeywords } from '../schema/invalid-arbitrary.ts';
import type { InvalidCase, Keyword } from '../schema/invalid-case.ts';
import { rulesOf, unwrapNullable, type SchemaNode } from '../schema/schema-node.ts';
import { childPointer, validArbitrary } from '../schema/valid-arbitrary.ts';

/** Where a generated body is invalid: the JSON pointer of the broken field and what it breaks. */
export interface InvalidField extends Omit<InvalidCase, 'value'> {
  pointer: string;
  /** The invalid value placed at `pointer` (absent for a `required` break: the field is left out). */
  value?: unknown;
}

export interface BodyCase {
  body: unknown;
  invalid?: InvalidField;
}

export interface BodyOptions {
  /** Produce a body with exactly one invalid field (or one missing required field). Default false. */
  invalid?: boolean;
  /** Semantic arbitraries for valid values by JSON pointer ('' replaces the whole valid body). */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
  /** Allow invalid values a lenient target may accept (case variants); default false. */
  includeAmbiguous?: boolean;
}

/** One place a body can be broken: a field given a bad value, or a required field left out. */
interface BreakSite {
  path: string[];
  kind: 'value' | 'required';
  schema: SchemaNode;
  rules: string[];
}

/**
 * A JSON request body for a schema (the `callContract` or `submitVerification` body, or any other):
 * valid, or valid everywhere but one place, named by its JSON pointer, keyword and rule ids.
 */
export function bodyArbitrary(schema: SchemaNode, options: BodyOptions = {}): fc.Arbitrary<BodyCase> {
  const overrides = options.overrides ?? {};
  if (!options.invalid) return validArbitrary(schema, 'json', { overrides }).map((body) => ({ body }));
  const includeAmbiguous = options.includeAmbiguous ?? false;
  const sites = breakSites(schema, [], includeAmbiguous);
  if (sites.length === 0) throw new RangeError('bodyArbitrary: nothing in this schema can be broken on its own');
  const withoutRoot = Object.fromEntries(Object.entries(overrides).filter(([pointer]) => pointer !== ''));
  return fc.constantFrom(...sites).chain((site) => brokenAt(schema, site, site.path, '', withoutRoot, includeAmbiguous));
}

/** Every break site of a schema, found by walking `properties` (additional properties stay valid). */
export function breakSites(schema: SchemaNode, path: string[], includeAmbiguous: boolean): BreakSite[] {
  const node = unwrapNullable(schema);
  const sites: BreakSite[] = [];
  if (invalidKeywords(schema, 'json', { includeAmbiguous }).length > 0) sites.push({ path, kind: 'value', schema, rules: rulesOf(schema, node) });
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    if (node.required?.includes(name)) sites.push({ path: [...path, name], kind: 'required', schema: property, rules: rulesOf(property, node) });
    sites.push(...breakSites(property, [...path, name], includeAmbiguous));
  }
  return sites;
}

const LEFT_OUT = Symbol('left out');

function brokenAt(
  schema: SchemaNode,
  site: BreakSite,
  rest: string[],
  pointer: string,
  overrides: Record<string, fc.Arbitrary<unknown>>,
  includeAmbiguous: boolean,
): fc.Arbitrary<{ body: unknown; invalid: InvalidField }> {
  if (rest.length === 0) {
    if (site.kind === 'required') {
      return fc.constant({ body: LEFT_OUT, invalid: { pointer, violates: 'required' as Keyword, rules: site.rules } });
    }
    return invalidArbitrary(schema, 'json', { includeAmbiguous }).map(({ value, ...label }) => ({ body: value, invalid: { ...label, value, pointer } }));
  }
  const node = unwrapNullable(schema);
  const properties = node.properties ?? {};
  const [head, ...tail] = rest;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    const at = childPointer(pointer, name);
    model[name] = name === head ? brokenAt(property, site, tail, at, overrides, includeAmbiguous) : validArbitrary(property, 'json', { overrides, pointer: at });
  }
  const requiredKeys = [...new Set([...(node.required ?? []), head])].filter((name) => name in properties);
  return fc.record(model, { requiredKeys }).map((record) => {
    const { body: inner, invalid } = record[head] as { body: unknown; invalid: InvalidField };
    const body: Record<string, unknown> = { ...record };
    if (inner === LEFT_OUT) delete body[head];
    else body[head] = inner;
    return { body, invalid };
  });
}
