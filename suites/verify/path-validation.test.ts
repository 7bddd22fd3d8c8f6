// Path parameters of the submission (contract 4.8 and 8): a chainId that is not 1 to 20 digits and
// an address that is not 0x and 40 hex digits are rejected at once with the verification error body.
import { describe } from 'vitest';
import fc from 'fast-check';
import { pathArbitrary } from '../../generators/requests/path-arbitrary.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { expectInvalidParameter, expectVerificationErrorBody } from '../../src/checks/verification-error-body.ts';
import { sampleBody, strangerAddress, strangerAddressArbitrary, verificationSamples } from '../../src/checks/verification-sample.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation } from '../../specs/operations.ts';

const submitOperation = async () => findOperation(await loadSpec('verify'), 'submitVerification');

/** Rejected at once: a 4xx with the error body (contract), 400 invalid_parameter (observed). */
function expectRejectedPath(t: Check, exchange: Exchange, rule: string, context: string): void {
  expectRule(rule, exchange.status >= 400 && exchange.status < 500, `${context}: answered ${exchange.status}, expected a 4xx rejection`, exchange);
  expectInvalidParameter(t, exchange, expectVerificationErrorBody(t, exchange, context), context);
}

/**
 * Generated submissions with a valid body where only `name` breaks its schema (the other path
 * parameter set by `overrides`), each rejected at once under the length or the pattern rule it breaks.
 */
async function expectInvalidPathParameterRejected(t: Check, name: 'chainId' | 'address', overrides: Record<string, fc.Arbitrary<string>>,
  rules: { length: string; pattern: string }): Promise<void> {
  const body = sampleBody(verificationSamples(t)[0]!);
  const cases = pathArbitrary(await submitOperation(), { invalid: 1, overrides }).filter((c) => c.invalid[0]!.name === name);
  await checkProperty(t, cases, async (c) => {
    const invalid = c.invalid[0]!;
    const rule = invalid.violates === 'maxLength' || invalid.violates === 'minLength' ? rules.length : rules.pattern;
    const exchange = await t.send({ method: 'POST', url: c.path, body });
    expectRejectedPath(t, exchange, rule, `${name} ${JSON.stringify(c.params[name])} (breaks ${invalid.violates})`);
  });
}

const COMMON = ['VF-7-error-body-shape', 'VF-7-error-id-v4', 'VF-7-invalid-parameter-400'];

describe('POST /v2/verify/{chainId}/{address}', () => {
  ruleTest('rejects a chainId that is empty, not decimal digits or longer than 20 characters with the error body',
    ['VF-4.8-chainid-pattern', 'VF-8-chainid-length', ...COMMON], async (t) => {
      // A valid body, so that only the path is wrong.
      const body = sampleBody(verificationSamples(t)[0]!);
      const address = strangerAddress(t);
      // The empty chainId cannot come from the generator (it would change the route): sent as `//`.
      const empty = await t.send({ method: 'POST', url: `/v2/verify//${address}`, body });
      expectRejectedPath(t, empty, 'VF-8-chainid-length', 'empty chainId');
      await expectInvalidPathParameterRejected(t, 'chainId', { address: strangerAddressArbitrary() }, { length: 'VF-8-chainid-length', pattern: 'VF-4.8-chainid-pattern' });
    });

  ruleTest('rejects an address that is not 0x and 40 hex digits with the error body',
    ['VF-4.8-address-pattern', 'VF-4.8-address-length', ...COMMON], async (t) => {
      // Letter case of the prefix is ambiguous (the contract calls the address case-insensitive): left out.
      await expectInvalidPathParameterRejected(t, 'address', { chainId: fc.constant(t.config.verifyChainId) }, { length: 'VF-4.8-address-length', pattern: 'VF-4.8-address-pattern' });
    });
});
