import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, requestBodySchema } from '../../specs/operations.ts';
import { schemaChecker } from '../../specs/schema-validator.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import { isNullableBookkeeping } from '../test-support/ajv-keywords.ts';
import { bodyArbitrary, breakSites, type BodyCase } from './body-arbitrary.ts';
import { contractCallBodyArbitrary } from './contract-call-body.ts';
import { verificationBodyArbitrary } from './verification-body.ts';

const callSchema = requestBodySchema(findOperation(await loadSpec('ledger-query'), 'callContract')) as SchemaNode;
const verifySchema = requestBodySchema(findOperation(await loadSpec('verify'), 'submitVerification')) as SchemaNode;
// The 262146-character `data` values are among the cases, so runs stay short.
const settings = { seed: 1234, numRuns: 60 };

const bodies: Array<{ name: string; schema: SchemaNode; arbitrary: (invalid: boolean) => fc.Arbitrary<BodyCase> }> = [
  { name: 'callContract (schema-driven)', schema: callSchema, arbitrary: (invalid) => bodyArbitrary(callSchema, { invalid }) },
  { name: 'callContract (semantic)', schema: callSchema, arbitrary: (invalid) => contractCallBodyArbitrary(callSchema, { invalid }) },
  { name: 'submitVerification (schema-driven)', schema: verifySchema, arbitrary: (invalid) => bodyArbitrary(verifySchema, { invalid }) },
  { name: 'submitVerification (semantic)', schema: verifySchema, arbitrary: (invalid) => verificationBodyArbitrary(verifySchema, { invalid }) },
];

describe.each(bodies)('$name body', ({ schema, arbitrary }) => {
  const check = schemaChecker(schema);

  it('yields valid bodies the ajv checker accepts', () => {
    fc.assert(fc.property(arbitrary(false), ({ body, invalid }) => {
      expect(invalid).toBeUndefined();
      expect(check(body)).toEqual([]);
    }), settings);
  });

  it('yields bodies broken in one place, at the pointer and for the keyword they claim', () => {
    fc.assert(
      fc.property(arbitrary(true), ({ body, invalid }) => {
        expect(invalid).toBeDefined();
        const violations = check(body).filter((v) => !isNullableBookkeeping(v));
        expect(violations.length).toBeGreaterThan(0);
        for (const v of violations) expect({ pointer: v.pointer, keyword: v.keyword }).toEqual({ pointer: invalid!.pointer, keyword: invalid!.violates });
        expect(invalid!.rules.length + (invalid!.pointer === '' ? 1 : 0)).toBeGreaterThan(0);
      }),
      settings,
    );
  });

  it('breaks every site of the schema across a run, missing required fields included', () => {
    const sites = breakSites(schema, [], false).map((s) => `${s.kind === 'required' ? 'required' : 'value'} /${s.path.join('/')}`);
    const seen = new Set(
      fc.sample(arbitrary(true), { seed: 9, numRuns: 400 }).map(({ invalid }) => `${invalid!.violates === 'required' ? 'required' : 'value'} ${invalid!.pointer || '/'}`),
    );
    expect([...seen].sort()).toEqual([...new Set(sites)].sort());
  });
});

describe('body specifics', () => {
  it('leaves out `to` of a contract call as a required break carrying its rule', () => {
    const missingTo = fc.sample(bodyArbitrary(callSchema, { invalid: true }), { seed: 5, numRuns: 400 }).find((c) => c.invalid?.violates === 'required');
    expect(missingTo?.invalid).toMatchObject({ pointer: '/to', rules: expect.arrayContaining(['LQ-4.3-to-required']) });
    expect(missingTo?.body).not.toHaveProperty('to');
  });

  it('makes a valid verification request coherent: the identifier names a contract of the sources', () => {
    fc.assert(fc.property(verificationBodyArbitrary(verifySchema), ({ body }) => {
      const request = body as { contractIdentifier: string; stdJsonInput: { sources: Record<string, { content: string }> } };
      const [path, name] = request.contractIdentifier.split(':');
      expect(request.stdJsonInput.sources[path]?.content).toContain(`contract ${name} `);
    }), settings);
  });

  it('calls the given address when a suite pins `to`', () => {
    const to = '0x00000000000000000000000000000000000003e8';
    fc.assert(fc.property(contractCallBodyArbitrary(callSchema, { to: fc.constant(to) }), ({ body }) => {
      expect((body as { to: string }).to).toBe(to);
    }), settings);
  });
});
