import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, findParameter } from '../../specs/operations.ts';
import { ajvKeywords } from '../test-support/ajv-keywords.ts';
import { boundSide, parseOperatorFilter } from '../semantic/operator-filter.ts';
import { isRangeParameter, parameterSchema } from './parameter-schema.ts';
import { queryArbitrary, toQueryString } from './query-arbitrary.ts';

const ledger = await loadSpec('ledger-query');
const settings = { seed: 8080, numRuns: 80 };
const operations = ['listSchedules', 'listTransactions'].map((id) => findOperation(ledger, id));

describe.each(operations)('queryArbitrary for $operationId', (op) => {
  const schemaOf = (name: string) => parameterSchema(findParameter(op, name, 'query'));
  const isRange = (name: string) => isRangeParameter(findParameter(op, name, 'query'));

  it('yields valid queries: known parameters, each value accepted, only range parameters repeated', () => {
    fc.assert(
      fc.property(queryArbitrary(op), ({ query, invalid }) => {
        expect(invalid).toEqual([]);
        for (const [name, value] of query) expect(ajvKeywords(schemaOf(name), 'text', value)).toEqual([]);
        const counts = new Map<string, number>();
        for (const [name] of query) counts.set(name, (counts.get(name) ?? 0) + 1);
        for (const [name, count] of counts) expect(count).toBeLessThanOrEqual(isRange(name) ? 2 : 1);
      }),
      settings,
    );
  });

  it.each([1, 2])('yields queries with exactly %i invalid parameters, each failing for what it claims', (count) => {
    fc.assert(
      fc.property(queryArbitrary(op, { invalid: count }), ({ query, invalid }) => {
        expect(invalid).toHaveLength(count);
        expect(new Set(invalid.map((i) => i.name)).size).toBe(count);
        for (const i of invalid) {
          expect(query).toContainEqual([i.name, i.value]);
          expect(ajvKeywords(schemaOf(i.name), 'text', i.value)).toEqual([i.violates]);
          expect(i.rules.length).toBeGreaterThan(0);
          expect(i.caseVariant ?? i.emptyText).toBeUndefined();
        }
        const invalidNames = new Set(invalid.map((i) => i.name));
        for (const [name, value] of query) if (!invalidNames.has(name)) expect(ajvKeywords(schemaOf(name), 'text', value)).toEqual([]);
      }),
      settings,
    );
  });

  it('uses every query parameter of the operation across a run', () => {
    const seen = new Set(fc.sample(queryArbitrary(op, { invalid: 1 }), { seed: 2, numRuns: 200 }).flatMap((q) => q.query.map(([name]) => name)));
    expect([...seen].sort()).toEqual(op.parameters.filter((p) => p.in === 'query').map((p) => p.name).sort());
  });
});

describe('range parameters', () => {
  const transactions = findOperation(ledger, 'listTransactions');

  it('sends timestamp as a gt/lt pair in some queries', () => {
    const pairs = fc
      .sample(queryArbitrary(transactions), { seed: 3, numRuns: 300 })
      .map((q) => q.query.filter(([name]) => name === 'timestamp').map(([, value]) => value))
      .filter((values) => values.length === 2);
    expect(pairs.length).toBeGreaterThan(0);
    for (const [lower, upper] of pairs) {
      expect(boundSide(parseOperatorFilter(lower!).op)).toBe('lower');
      expect(boundSide(parseOperatorFilter(upper!).op)).toBe('upper');
    }
  });

  it('are the ones the spec marks repeatable', () => {
    expect(transactions.parameters.filter(isRangeParameter).map((p) => p.name)).toEqual(['timestamp']);
  });
});

describe('toQueryString', () => {
  it('percent-encodes names and values', () => {
    expect(toQueryString([['timestamp', 'gt:1.5'], ['order', ' asc']])).toBe('timestamp=gt%3A1.5&order=%20asc');
  });
});
