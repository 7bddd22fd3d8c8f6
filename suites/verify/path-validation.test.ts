// Path parameters of the submission (contract 4.8 and 8): a chainId that is not 1 to 20 digits and
// an address that is not 0x and 40 hex digits (42 characters), generated and at their boundary
// forms, are sent every run, with or without known samples. A job that ends with a match breaks the
// rule at once; a refusal holds once the same body is taken at the site's own chain and address
// (src/checks/verification-refusal.ts).
import { describe } from 'vitest';
import fc from 'fast-check';
import { pathArbitrary } from '../../generators/requests/path-arbitrary.ts';
import { expectInvalidParameter } from '../../src/checks/verification-error-body.ts';
import { BrokenSubmissions } from '../../src/checks/verification-refusal.ts';
import { BOUNDARY_PATHS } from '../../src/samples/boundary-submissions.ts';
import { submissionSites, type SubmissionSite } from '../../src/samples/submission-site.ts';
import { sitesHeld } from '../../src/samples/turn-holds.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { forEachCase, partsAtOnce } from '../../src/harness/cases-at-once.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation } from '../../specs/operations.ts';
import { stringMatchingArbitrary } from '../../generators/schema/string-matching.ts';

const submitOperation = async () => findOperation(await loadSpec('verify'), 'submitVerification');

/**
 * The broken paths of one test. Where submissions may change state a control sample's site comes
 * first (a verifier that reads a broken path as the sample's can only answer by verifying it), and
 * its twin controls the refusals; a read-only run sends no valid body and judges refusals at once alone.
 */
function brokenPaths(t: Check, sampleIndex: number): BrokenSubmissions {
  const controls = t.config.allowWrites || t.config.loopback.verify;
  if (!controls) t.note('read-only run: the path refusals are judged without a control (that would be a write)');
  return new BrokenSubmissions(t, submissionSites(t, sampleIndex), { controls });
}

/** Control samples of the two tests: the body checks take the first, and each test here its own where there are enough. */
const CHAIN_SAMPLE = 1;
const ADDRESS_SAMPLE = 2;

function sendPath(t: Check, submissions: BrokenSubmissions, rule: string, context: string, path: (site: SubmissionSite) => { chainId: string; address: string }): Promise<void> {
  return submissions.send({
    rule,
    context,
    send: (site) => {
      const { chainId, address } = path(site);
      // The empty chainId is sent as `//`: encoding would change nothing, the route stays the same.
      return t.send({ method: 'POST', url: `/v2/verify/${encodeURIComponent(chainId)}/${encodeURIComponent(address)}`, body: site.twin });
    },
    onRefusedAtOnce: (exchange, error) => expectInvalidParameter(t, exchange, error, context),
    brokenPath: true,
  });
}

type PathRules = { length: string; pattern: string };

/** Generated values that break only `name`, each with the rule it breaks: its length or its pattern. */
async function brokenValues(name: 'chainId' | 'address', rules: PathRules) {
  const isLength = (violates: string) => violates === 'maxLength' || violates === 'minLength';
  return pathArbitrary(await submitOperation(), { invalid: 1 }).filter((c) => c.invalid[0]!.name === name).map((c) => {
    const { violates } = c.invalid[0]!;
    return { value: String(c.params[name]), violates, rule: isLength(violates) ? rules.length : rules.pattern };
  });
}

/**
 * The broken paths of one rule, several at once: its boundary forms, and as many generated values of
 * its own as the run's `depth` generated values of `name` hold for it.
 */
async function sendRuleBreaks(t: Check, submissions: BrokenSubmissions, name: 'chainId' | 'address', rules: PathRules, rule: string): Promise<void> {
  const other = name === 'chainId' ? 'address' : 'chainId';
  const values = await brokenValues(name, rules);
  const runs = fc.sample(values, { seed: t.config.seed, numRuns: t.config.depth }).filter((v) => v.rule === rule).length;
  await partsAtOnce(t, [
    () => forEachCase(t, BOUNDARY_PATHS.filter((b) => b.rule === rule), (boundary) => sendPath(t, submissions, boundary.rule, boundary.what, boundary.path)),
    async () => {
      // Only a rule the generator yields is asked for: a filter nothing passes would never end.
      if (runs === 0) return;
      await checkProperty(t, values.filter((v) => v.rule === rule), async (v) => {
        await sendPath(t, submissions, rule, `${name} ${JSON.stringify(v.value)} (breaks ${v.violates})`,
          (site) => ({ [name]: v.value, [other]: site[other] }) as { chainId: string; address: string });
      }, { runs });
    },
  ]);
}

/**
 * Text beyond a valid address that breaks only the 42-character length: the contract's pattern is
 * unanchored, so a valid address with text beyond a word boundary still matches it.
 */
function overlongAddressArbitrary(): fc.Arbitrary<{ what: string; around(address: string): string }> {
  const extra = stringMatchingArbitrary(/^[a-z0-9]{1,6}$/);
  return fc.tuple(fc.constantFrom('-', '.', '~', ' '), extra, fc.boolean()).map(([sep, word, before]) => ({
    what: before ? `${JSON.stringify(word + sep)} before it` : `${JSON.stringify(sep + word)} after it`,
    around: (address: string) => (before ? `${word}${sep}${address}` : `${address}${sep}${word}`),
  }));
}

const CHAIN_RULES: PathRules = { length: 'VF-8-chainid-length', pattern: 'VF-4.8-chainid-pattern' };
const ADDRESS_RULES: PathRules = { length: 'VF-4.8-address-length', pattern: 'VF-4.8-address-pattern' };
const COMMON = ['VF-7-error-body-shape', 'VF-7-error-id-v4', 'VF-7-invalid-parameter-400', 'VF-4.8-rejection-never-match'];

describe('POST /v2/verify/{chainId}/{address}', () => {
  // Turns: the broken paths go first to a known sample's chain or address, and its control twin
  // verifies it. Rule after rule (a faulty verifier that reads a broken path as the sample's
  // verifies it, which changes what later submissions meet); within a rule several at once.
  ruleTest('rejects a chainId that is empty, not decimal digits or longer than 20 characters with the error body',
    ['VF-4.8-chainid-pattern', 'VF-8-chainid-length', ...COMMON], async (t) => {
      const submissions = brokenPaths(t, CHAIN_SAMPLE);
      for (const rule of [CHAIN_RULES.length, CHAIN_RULES.pattern]) await sendRuleBreaks(t, submissions, 'chainId', CHAIN_RULES, rule);
      await submissions.settle();
    }, { turns: 'known-sample', holds: (t) => sitesHeld(submissionSites(t, CHAIN_SAMPLE)), casesInAnyOrder: true });

  // Turns, rule after rule, as above.
  ruleTest('rejects an address that is not 0x and 40 hex digits, or not 42 characters long, with the error body',
    ['VF-4.8-address-pattern', 'VF-4.8-address-length', ...COMMON], async (t) => {
      const submissions = brokenPaths(t, ADDRESS_SAMPLE);
      await sendRuleBreaks(t, submissions, 'address', ADDRESS_RULES, ADDRESS_RULES.length);
      await checkProperty(t, overlongAddressArbitrary(), async (form) => {
        await sendPath(t, submissions, 'VF-4.8-address-length', `address with text beyond its 42 characters (${form.what}; matches the unanchored pattern)`, (site) => ({ chainId: site.chainId, address: form.around(site.address) }));
      }, { runs: Math.min(t.config.depth, 4) });
      // Letter case of the prefix is ambiguous (the contract calls the address case-insensitive): left out.
      await sendRuleBreaks(t, submissions, 'address', ADDRESS_RULES, ADDRESS_RULES.pattern);
      await submissions.settle();
    }, { turns: 'known-sample', holds: (t) => sitesHeld(submissionSites(t, ADDRESS_SAMPLE)), casesInAnyOrder: true });
});
