import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, findParameter } from '../../specs/operations.ts';
import { ajvKeywords } from '../test-support/ajv-keywords.ts';
import { parameterSchema } from './parameter-schema.ts';
import { pathArbitrary } from './path-arbitrary.ts';

const ledger = await loadSpec('ledger-query');
const verify = await loadSpec('verify');
const settings = { seed: 4242, numRuns: 80 };
const operations = [findOperation(ledger, 'getTopic'), findOperation(verify, 'submitVerification')];

describe.each(operations)('pathArbitrary for $operationId', (op) => {
  const template = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`);

  it('fills every template with accepted text, one encoded segment each', () => {
    fc.assert(
      fc.property(pathArbitrary(op), ({ path, params, invalid }) => {
        expect(invalid).toEqual([]);
        expect(path).toMatch(template);
        for (const [name, text] of Object.entries(params)) expect(ajvKeywords(parameterSchema(findParameter(op, name, 'path')), 'text', text)).toEqual([]);
      }),
      settings,
    );
  });

  it('breaks one path parameter for exactly what it claims, without changing the route', () => {
    fc.assert(
      fc.property(pathArbitrary(op, { invalid: 1 }), ({ path, params, invalid }) => {
        expect(invalid).toHaveLength(1);
        const [broken] = invalid;
        expect(path).toMatch(template);
        expect(params[broken.name]).toBe(broken.value);
        expect(ajvKeywords(parameterSchema(findParameter(op, broken.name, 'path')), 'text', broken.value)).toEqual([broken.violates]);
      }),
      settings,
    );
  });
});
