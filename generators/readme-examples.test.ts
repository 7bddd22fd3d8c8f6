// The code of README.md, run as written, so the documentation cannot drift from the API.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadSpec } from '../specs/load-spec.ts';
import { findOperation, findParameter, requestBodySchema } from '../specs/operations.ts';
import { propertySettings, formatReplay } from './property-settings.ts';
import { queryArbitrary, toQueryString } from './requests/query-arbitrary.ts';
import { pathArbitrary } from './requests/path-arbitrary.ts';
import { contractCallBodyArbitrary } from './requests/contract-call-body.ts';
import { parameterBoundaryCases } from './requests/parameter-arbitraries.ts';
import type { SchemaNode } from './schema/schema-node.ts';

describe('README examples', () => {
  it('valid and invalid query strings for an operation', async () => {
    const doc = await loadSpec('ledger-query');
    const listSchedules = findOperation(doc, 'listSchedules');

    // A query the target must accept (200).
    const accepted = queryArbitrary(listSchedules);
    // Two parameters invalid: the answer must be 400 with one message naming each.
    const rejected = queryArbitrary(listSchedules, { invalid: 2 });

    const details = fc.check(
      fc.property(accepted, rejected, (ok, bad) => {
        const okUrl = `${listSchedules.path}?${toQueryString(ok.query)}`;
        const badUrl = `${listSchedules.path}?${toQueryString(bad.query)}`;
        // send okUrl, expect 200; send badUrl, expect 400 with one message per entry of bad.invalid
        const sent = (p: { name: string; value: string }) => bad.query.some(([n, v]) => n === p.name && v === p.value);
        return okUrl.startsWith('/api/v1/schedules') && badUrl.startsWith('/api/v1/schedules?') && ok.invalid.length === 0 && bad.invalid.length === 2 && bad.invalid.every(sent);
      }),
      propertySettings({ seed: 42, depth: 25 }),
    );
    expect(formatReplay(details)).toBeUndefined();
  });

  it('the boundary list of one parameter, to try every edge on every run', async () => {
    const doc = await loadSpec('ledger-query');
    const limit = findParameter(findOperation(doc, 'listSchedules'), 'limit');
    const { valid, invalid } = parameterBoundaryCases(limit);
    // valid: '25', '1', '100'; invalid: '0' (minimum), '101' (maximum), '1.5' (type), ...
    const contractChecks = invalid.filter((c) => !c.caseVariant && !c.emptyText);
    expect(valid).toEqual(expect.arrayContaining(['1', '25', '100']));
    expect(contractChecks.map((c) => c.value)).toEqual(expect.arrayContaining(['0', '101', '1.5', 'abc']));
  });

  it('bodies and paths', async () => {
    const doc = await loadSpec('ledger-query');
    const callContract = findOperation(doc, 'callContract');
    const schema = requestBodySchema(callContract) as SchemaNode;

    const deployed = fc.constant('0x00000000000000000000000000000000000003e8');
    const [valid] = fc.sample(contractCallBodyArbitrary(schema, { to: deployed }), { seed: 1, numRuns: 1 });
    const [broken] = fc.sample(contractCallBodyArbitrary(schema, { invalid: true }), { seed: 1, numRuns: 1 });
    // broken.invalid, e.g. { pointer: '/gas', violates: 'minimum', rules: ['LQ-4.3-gas-minimum', ...], value: -5 }
    expect(valid.invalid).toBeUndefined();
    expect(broken.invalid?.pointer).toMatch(/^(\/\w+)?$/);

    const [topic] = fc.sample(pathArbitrary(findOperation(doc, 'getTopic'), { invalid: 1 }), { seed: 1, numRuns: 1 });
    expect(topic.path.startsWith('/api/v1/topics/')).toBe(true);
    expect(topic.invalid[0].name).toBe('topicId');
  });
});
