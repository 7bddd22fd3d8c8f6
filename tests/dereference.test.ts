// The project's own dereference gives each OpenAPI document exactly what swagger-parser's does, and
// holds to the same rules on the shapes a document may take: shared targets, cycles, a $ref with
// siblings, escaped pointers; a pointer to nothing or to itself is an error, not a hang.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { dereferenceLocal } from '../specs/dereference.ts';
import { INTERFACES, readSpecDocument, specPath } from '../specs/load-spec.ts';

describe('dereferenceLocal', () => {
  for (const name of INTERFACES) {
    it(`leaves the ${name} document as swagger-parser's dereference does`, async () => {
      const raw = await readSpecDocument(specPath(name));
      const theirs = await SwaggerParser.dereference(structuredClone(raw) as never);
      const ours = dereferenceLocal(structuredClone(raw));
      expect(JSON.stringify(ours)).not.toContain('"$ref"');
      expect(ours).toEqual(theirs);
    });
  }

  it('gives every $ref to one place the same object, and a cycle as a cycle', () => {
    const doc: Record<string, any> = dereferenceLocal({
      a: { $ref: '#/defs/node' },
      b: { $ref: '#/defs/node' },
      defs: { node: { type: 'object', properties: { next: { $ref: '#/defs/node' } } } },
    });
    expect(doc.a).toBe(doc.b);
    expect(doc.a).toBe(doc.defs.node);
    expect(doc.a.properties.next).toBe(doc.a);
  });

  it('merges a $ref\'s siblings over its target, leaving the target as it was', () => {
    const doc = dereferenceLocal({
      use: { $ref: '#/defs/address', 'x-rules': ['R-1'], description: 'mine' },
      defs: { address: { type: 'string', description: 'theirs' } },
    });
    expect(doc.use).toEqual({ type: 'string', description: 'mine', 'x-rules': ['R-1'] });
    expect(doc.defs.address).toEqual({ type: 'string', description: 'theirs' });
  });

  it('reads escaped pointers and follows a pointer through a $ref on its way', () => {
    const doc = dereferenceLocal({
      paths: { '/api/v1/{id}': { get: { ok: true } } },
      alias: { $ref: '#/paths' },
      get: { $ref: '#/paths/~1api~1v1~1%7Bid%7D/get' },
      through: { $ref: '#/alias/~1api~1v1~1%7Bid%7D' },
    });
    expect(doc.get).toEqual({ ok: true });
    expect(doc.through).toBe(doc.paths['/api/v1/{id}']);
  });

  it('refuses a pointer to nothing, a $ref to itself and a $ref outside the document', () => {
    expect(() => dereferenceLocal({ a: { $ref: '#/missing/x' } })).toThrow('$ref #/missing/x points to nothing in this document');
    expect(() => dereferenceLocal({ a: { $ref: '#/b' }, b: { $ref: '#/a' } })).toThrow(/refers to itself/);
    expect(() => dereferenceLocal({ a: { $ref: 'other.yaml#/x' } })).toThrow('$ref other.yaml#/x is not a pointer into this document');
  });
});
