// Path parameters of the submission (contract 4.8 and 8): a chainId that is not 1 to 20 digits and
// an address that is not 0x and 40 hex digits (42 characters) are rejected at once with the
// verification error body, while the same body is taken at the known sample's own chain and address.
import { describe } from 'vitest';
import fc from 'fast-check';
import { pathArbitrary } from '../../generators/requests/path-arbitrary.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { expectInvalidParameter, expectVerificationErrorBody } from '../../src/checks/verification-error-body.ts';
import { submitKnownSample, verifiesThere } from '../../src/checks/verification-control.ts';
import { controlSamples, refusalCode, sampleBody, strangerAddress, wellFormedBody, type VerificationSample } from '../../src/samples/verification-sample.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import type { Exchange } from '../../src/http/exchange.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation } from '../../specs/operations.ts';

const submitOperation = async () => findOperation(await loadSpec('verify'), 'submitVerification');

/**
 * Rejected at once: a 4xx with the error body (contract), 400 invalid_parameter (observed); never
 * already_verified, which the valid path gets. A 404 is how a target answers a path it does not
 * serve at all: that rejects nothing, so the rule is not evaluated on it.
 */
function expectRejectedPath(t: Check, exchange: Exchange, rule: string, context: string): void {
  if (exchange.status === 404) return t.notEvaluated(rule, `${context}: answered 404, as for a path the target does not serve; that rejects nothing`);
  expectRule(rule, exchange.status >= 400 && exchange.status < 500 && refusalCode(exchange) !== 'already_verified',
    `${context}: answered ${exchange.status} ${refusalCode(exchange) ?? ''}, expected a 4xx refusal of the path`, exchange);
  expectInvalidParameter(t, exchange, expectVerificationErrorBody(t, exchange, context), context);
}

/**
 * The control of every path refusal: a known sample whose body is taken at its own chain and
 * address. A path refusal of that same body then comes from the path, not from "nothing to verify".
 * Without one the test's rules are not evaluated.
 */
async function controlSample(t: Check, rules: string[]): Promise<VerificationSample> {
  const sample = controlSamples(t)[0];
  const outcome = sample ? await submitKnownSample(t, sample) : undefined;
  if (sample && outcome && verifiesThere(outcome)) return sample;
  const why = !outcome ? 'no deployed contract is known on the target (give --verify-samples FILE)' : `the sample's own submission was not taken (${outcome.kind === 'undecided' || outcome.kind === 'not_verified' ? outcome.detail : outcome.kind})`;
  for (const rule of rules) t.notEvaluated(rule, `${why}: a refusal of the path cannot be told apart from nothing to verify there`);
  return t.skip(why);
}

interface PathBase {
  chainId: string;
  address: string;
  body: Record<string, unknown>;
}

/**
 * What the broken paths vary from. Where submissions may change state, the control sample's chain,
 * address and body; in a read-only run a well-formed body at an address that holds nothing, judged
 * on refusals at once only (a refusal at once starts no job, so it cannot be a job finding nothing).
 */
async function pathBase(t: Check, rules: string[]): Promise<PathBase> {
  if (!(t.config.allowWrites || t.config.loopback.verify)) {
    t.note('read-only run: the path refusals are judged without a control sample (that would be a write)');
    return { chainId: t.config.verifyChainId, address: strangerAddress(t), body: wellFormedBody(t) };
  }
  const sample = await controlSample(t, rules);
  return { chainId: sample.chainId, address: sample.address, body: sampleBody(sample) };
}

/**
 * Generated submissions of the control sample's body where only `name` breaks its schema (the
 * other path parameter set by `overrides`), each rejected at once under the length or the pattern rule it breaks.
 */
async function expectInvalidPathParameterRejected(t: Check, body: Record<string, unknown>, name: 'chainId' | 'address', overrides: Record<string, fc.Arbitrary<string>>,
  rules: { length: string; pattern: string }): Promise<void> {
  const cases = pathArbitrary(await submitOperation(), { invalid: 1, overrides }).filter((c) => c.invalid[0]!.name === name);
  await checkProperty(t, cases, async (c) => {
    const invalid = c.invalid[0]!;
    const rule = invalid.violates === 'maxLength' || invalid.violates === 'minLength' ? rules.length : rules.pattern;
    const exchange = await t.send({ method: 'POST', url: c.path, body });
    expectRejectedPath(t, exchange, rule, `${name} ${JSON.stringify(c.params[name])} (breaks ${invalid.violates})`);
  });
}

/**
 * Addresses that break only the 42-character length: the contract's pattern is unanchored, so a
 * valid address with text beyond a word boundary still matches it.
 */
function overlongAddressArbitrary(address: string): fc.Arbitrary<string> {
  const extra = fc.stringMatching(/^[a-z0-9]{1,6}$/);
  return fc.tuple(fc.constantFrom('-', '.', '~', ' '), extra, fc.boolean()).map(([sep, word, before]) => (before ? `${word}${sep}${address}` : `${address}${sep}${word}`));
}

const COMMON = ['VF-7-error-body-shape', 'VF-7-error-id-v4', 'VF-7-invalid-parameter-400'];

describe('POST /v2/verify/{chainId}/{address}', () => {
  ruleTest('rejects a chainId that is empty, not decimal digits or longer than 20 characters with the error body',
    ['VF-4.8-chainid-pattern', 'VF-8-chainid-length', ...COMMON], async (t) => {
      const base = await pathBase(t, ['VF-4.8-chainid-pattern', 'VF-8-chainid-length']);
      // The empty chainId cannot come from the generator (it would change the route): sent as `//`.
      const empty = await t.send({ method: 'POST', url: `/v2/verify//${base.address}`, body: base.body });
      expectRejectedPath(t, empty, 'VF-8-chainid-length', 'empty chainId');
      await expectInvalidPathParameterRejected(t, base.body, 'chainId', { address: fc.constant(base.address) }, { length: 'VF-8-chainid-length', pattern: 'VF-4.8-chainid-pattern' });
    });

  ruleTest('rejects an address that is not 0x and 40 hex digits, or not 42 characters long, with the error body',
    ['VF-4.8-address-pattern', 'VF-4.8-address-length', ...COMMON], async (t) => {
      const base = await pathBase(t, ['VF-4.8-address-pattern', 'VF-4.8-address-length']);
      // Letter case of the prefix is ambiguous (the contract calls the address case-insensitive): left out.
      await expectInvalidPathParameterRejected(t, base.body, 'address', { chainId: fc.constant(base.chainId) }, { length: 'VF-4.8-address-length', pattern: 'VF-4.8-address-pattern' });
      await checkProperty(t, overlongAddressArbitrary(base.address), async (address) => {
        const exchange = await t.send({ method: 'POST', url: `/v2/verify/${base.chainId}/${encodeURIComponent(address)}`, body: base.body });
        expectRejectedPath(t, exchange, 'VF-4.8-address-length', `address ${JSON.stringify(address)} (${address.length} characters, matches the unanchored pattern)`);
      }, { runs: Math.min(t.config.depth, 4) });
    });
});
