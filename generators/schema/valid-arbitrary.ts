import fc from 'fast-check';
import { boundaryCases } from './boundary-cases.ts';
import type { Encoding } from './invalid-case.ts';
import { memoBySchema } from './memo-by-schema.ts';
import { primitiveArbitrary } from './primitive-arbitrary.ts';
import { isNullable, nonNullEnum, nonNullTypes, unwrapNullable, type SchemaNode } from './schema-node.ts';

export interface ValidOptions {
  /**
   * Arbitraries to use instead of the schema-derived ones, by JSON pointer into the value ('' is
   * the value itself): where the schema allows more than a target can sensibly act on, a semantic
   * arbitrary narrows it (an address that holds a contract, a coherent compiler input).
   */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
  /** Where this schema sits inside the value the override pointers address (default '', the root). */
  pointer?: string;
}

/**
 * Values the schema accepts: its boundary values (always among the candidates) mixed with random
 * ones. `json` yields JSON values (objects built from their properties, optional ones sometimes
 * left out); `text` yields parameter text and accepts scalar schemas only.
 */
export function validArbitrary(schema: SchemaNode, encoding: Encoding, options: ValidOptions = {}): fc.Arbitrary<unknown> {
  return validAt(schema, encoding, options.pointer ?? '', options.overrides ?? {});
}

function validAt(schema: SchemaNode, encoding: Encoding, pointer: string, overrides: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const override = overrides[pointer];
  if (override) return override;
  const node = unwrapNullable(schema);
  const types = nonNullTypes(node);
  if (types.includes('object') || (types.length === 0 && node.properties)) {
    if (encoding === 'text') throw new TypeError('validArbitrary: an object has no parameter text');
    const object = objectArbitrary(node, pointer, overrides);
    return isNullable(schema) ? fc.oneof({ arbitrary: object, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : object;
  }
  if (types.length === 0 && !nonNullEnum(node)) return encoding === 'json' ? fc.jsonValue() : fc.string();
  return memoBySchema(schema, `valid:${encoding}`, () => {
    const edges = boundaryCases(schema, encoding).valid;
    const random = primitiveArbitrary(schema, encoding);
    return edges.length === 0 ? random : fc.oneof({ arbitrary: fc.constantFrom(...edges), weight: 1 }, { arbitrary: random, weight: 3 });
  });
}

function objectArbitrary(node: SchemaNode, pointer: string, overrides: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const properties = node.properties ?? {};
  const names = Object.keys(properties);
  if (names.length > 0) {
    const model = Object.fromEntries(names.map((name) => [name, validAt(properties[name], 'json', childPointer(pointer, name), overrides)]));
    return fc.record(model, { requiredKeys: (node.required ?? []).filter((name) => name in properties) });
  }
  if (typeof node.additionalProperties === 'object') {
    const entry = validAt(node.additionalProperties, 'json', childPointer(pointer, '*'), overrides);
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), entry, { minKeys: 1, maxKeys: 3 });
  }
  return fc.constant({});
}

/** A JSON pointer one level down (RFC 6901 escaping); `*` stands for any additional property. */
export function childPointer(pointer: string, name: string): string {
  return `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}
