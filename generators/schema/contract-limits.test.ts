import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, findParameter, requestBodySchema } from '../../specs/operations.ts';
import { parameterBoundaryCases } from '../requests/parameter-arbitraries.ts';
import { boundaryCases } from './boundary-cases.ts';
import type { InvalidCase } from './invalid-case.ts';
import type { SchemaNode } from './schema-node.ts';

const ledger = await loadSpec('ledger-query');
const verify = await loadSpec('verify');
const queryParameter = (operationId: string, name: string) => findParameter(findOperation(ledger, operationId), name);
const callBody = requestBodySchema(findOperation(ledger, 'callContract')) as SchemaNode;
const verifyOp = findOperation(verify, 'submitVerification');
const verifyBody = requestBodySchema(verifyOp) as SchemaNode;
const field = (body: SchemaNode, name: string) => body.properties![name];
const invalidOf = <C extends InvalidCase>(cases: { invalid: C[] }, value: unknown): C | undefined => cases.invalid.find((c) => Object.is(c.value, value));

describe('boundary lists carry the exact limits of the contract', () => {
  it('schedule list limit: 1, 100 and the default 25 accepted; 0, -0, 101, decimals and words rejected', () => {
    const cases = parameterBoundaryCases(queryParameter('listSchedules', 'limit'));
    expect(cases.valid).toEqual(expect.arrayContaining(['1', '100', '25']));
    expect(invalidOf(cases, '0')).toMatchObject({ violates: 'minimum' });
    expect(invalidOf(cases, '-0')).toMatchObject({ violates: 'minimum' });
    expect(invalidOf(cases, '101')).toMatchObject({ violates: 'maximum', rules: expect.arrayContaining(['LQ-4.1-limit-range']) });
    for (const text of ['1.5', '1e2', ' 25', '25 ', 'abc']) expect(invalidOf(cases, text)).toMatchObject({ violates: 'type' });
    expect(invalidOf(cases, '')).toMatchObject({ violates: 'type', emptyText: true });
  });

  it('transaction list limit: 1 and 100 accepted, 0 and 101 rejected', () => {
    const cases = parameterBoundaryCases(queryParameter('listTransactions', 'limit'));
    expect(cases.valid).toEqual(expect.arrayContaining(['1', '100']));
    expect(invalidOf(cases, '0')).toMatchObject({ violates: 'minimum' });
    expect(invalidOf(cases, '101')).toMatchObject({ violates: 'maximum', rules: expect.arrayContaining(['LQ-4.2-limit-range']) });
  });

  it('order: asc and desc accepted; ASC is an enum break flagged as a case variant, " asc" is not', () => {
    const cases = parameterBoundaryCases(queryParameter('listSchedules', 'order'));
    expect(cases.valid).toEqual(expect.arrayContaining(['asc', 'desc']));
    expect(invalidOf(cases, 'ASC')).toMatchObject({ violates: 'enum', caseVariant: true, rules: expect.arrayContaining(['LQ-4.1-order-enum']) });
    expect(invalidOf(cases, ' asc')).toMatchObject({ violates: 'enum' });
    expect(invalidOf(cases, ' asc')?.caseVariant).toBeUndefined();
  });

  it('contract call data: 262146 characters (0x and 131072 bytes) accepted, 262147 rejected for maxLength alone', () => {
    const cases = boundaryCases(field(callBody, 'data'), 'json');
    const longest = cases.valid.find((v) => typeof v === 'string' && v.length === 262146) as string | undefined;
    expect(longest?.startsWith('0x')).toBe(true);
    expect(Buffer.from(longest!.slice(2), 'hex')).toHaveLength(131072);
    expect(invalidOf(cases, `${longest}${longest!.slice(-1)}`)).toMatchObject({ violates: 'maxLength', rules: expect.arrayContaining(['LQ-4.3-data-max-length']) });
    expect(invalidOf(cases, `${longest}${longest!.slice(-1)}`)?.alsoViolates).toBeUndefined();
  });

  it('contract call gas: the default 15000000, 0 and the int64 maximum accepted, -1 rejected, past int64 rejected', () => {
    const cases = boundaryCases(field(callBody, 'gas'), 'json');
    expect(cases.valid).toEqual(expect.arrayContaining([15000000, 0, null, 2n ** 63n - 1n]));
    expect(invalidOf(cases, -1)).toMatchObject({ violates: 'minimum', rules: expect.arrayContaining(['LQ-4.3-gas-minimum']) });
    expect(invalidOf(cases, 2n ** 63n)).toMatchObject({ violates: 'format', rules: expect.arrayContaining(['LQ-4.3-gas-minimum']) });
    expect(invalidOf(cases, 2n ** 64n)).toMatchObject({ violates: 'format' });
  });

  it('verification chainId: 20 digits accepted, 21 rejected for maxLength, empty rejected for both length and pattern', () => {
    const cases = parameterBoundaryCases(findParameter(verifyOp, 'chainId'));
    expect(cases.valid).toContainEqual(expect.stringMatching(/^\d{20}$/));
    const longest = cases.valid.find((v) => typeof v === 'string' && v.length === 20) as string;
    expect(invalidOf(cases, `${longest}${longest.slice(-1)}`)).toMatchObject({ violates: 'maxLength' });
    expect(invalidOf(cases, '')).toMatchObject({ violates: 'pattern', alsoViolates: ['minLength'] });
  });

  it('creation transaction hash: lower case only, so an upper-case hash is a pattern break flagged as a case variant', () => {
    const cases = boundaryCases(field(verifyBody, 'creationTransactionHash'), 'json');
    const upper = cases.invalid.find((c) => c.caseVariant);
    expect(upper).toMatchObject({ violates: 'pattern', rules: expect.arrayContaining(['VF-4.8-creation-tx-hash-pattern']) });
    expect(String(upper?.value).slice(2)).toMatch(/^[0-9A-F]{64}$/);
  });
});
