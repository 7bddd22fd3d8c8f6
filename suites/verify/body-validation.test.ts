// Body fields of the submission (contract 4.8), driven by the schema: each generated break of one
// field (or a required one left out), and each field's boundary forms, is sent every run, with or
// without known samples. A job that ends with a match breaks the field's rule at once; a refusal
// holds once the repaired twin is taken at the same address (src/checks/verification-refusal.ts).
import { describe } from 'vitest';
import fc from 'fast-check';
import type { InvalidField } from '../../generators/requests/body-arbitrary.ts';
import { verificationBodyArbitrary } from '../../generators/requests/verification-body.ts';
import type { SchemaNode } from '../../generators/schema/schema-node.ts';
import { expectInvalidParameter, expectVerificationErrorBody } from '../../src/checks/verification-error-body.ts';
import { submitKnownSample, verifiesThere, type SampleOutcome } from '../../src/checks/verification-control.ts';
import { BrokenSubmissions } from '../../src/checks/verification-refusal.ts';
import { BOUNDARY_BODIES } from '../../src/samples/boundary-submissions.ts';
import { breakBody } from '../../src/samples/break-body.ts';
import { submissionSites } from '../../src/samples/submission-site.ts';
import { firstSamplesHeld, sitesHeld } from '../../src/samples/turn-holds.ts';
import { firstVerificationSamples, sampleBody, strangerAddressArbitrary, submitVerification, wellFormedBody } from '../../src/samples/verification-sample.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { forEachCase, partsAtOnce } from '../../src/harness/cases-at-once.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, requestBodySchema } from '../../specs/operations.ts';
import { stringMatchingArbitrary } from '../../generators/schema/string-matching.ts';

const bodySchema = async () => requestBodySchema(findOperation(await loadSpec('verify'), 'submitVerification')) as SchemaNode;

/** The contract rule a broken field breaks, from where it is broken and how. */
function ruleOf(invalid: InvalidField): string {
  const [field, inner] = invalid.pointer.split('/').slice(1);
  if (field === undefined || (field === 'stdJsonInput' && inner === undefined)) return 'VF-4.8-stdjsoninput-required';
  if (field === 'stdJsonInput') return inner === 'language' ? 'VF-4.8-language-enum' : 'VF-4.8-stdjsoninput-sources-settings';
  if (field === 'compilerVersion') return invalid.violates === 'required' ? 'VF-4.8-compiler-version-required' : 'VF-4.8-compiler-version-pattern';
  if (field === 'contractIdentifier') return invalid.violates === 'required' ? 'VF-4.8-contract-identifier-required' : 'VF-4.8-contract-identifier-form';
  return 'VF-4.8-creation-tx-hash-pattern';
}

const FIELD_RULES = [
  'VF-4.8-stdjsoninput-required', 'VF-4.8-language-enum', 'VF-4.8-stdjsoninput-sources-settings',
  'VF-4.8-compiler-version-required', 'VF-4.8-compiler-version-pattern',
  'VF-4.8-contract-identifier-required', 'VF-4.8-contract-identifier-form',
  // The hash pattern allows lowercase hex only, so upper-case digits (a case variant) must be refused too.
  'VF-4.8-creation-tx-hash-pattern',
];

/** A body that is not a JSON object or array at all: a strict JSON parser refuses it as invalid_json (notes). */
const isScalar = (body: unknown) => body === null || typeof body !== 'object';

const COMMON = ['VF-7-error-body-shape', 'VF-7-error-id-v4', 'VF-7-invalid-parameter-400', 'VF-4.8-rejection-never-match'];

describe('POST /v2/verify/{chainId}/{address}', () => {
  // Turns: its control twin verifies a known sample, and a broken body a faulty verifier takes there verifies it too.
  ruleTest('rejects every missing or malformed body field where its repaired twin is taken', [...FIELD_RULES, ...COMMON], async (t) => {
    const submissions = new BrokenSubmissions(t, submissionSites(t, 0), { controls: true });
    const send = (rule: string, context: string, broken: (twin: Record<string, unknown>) => unknown, scalar = false) => submissions.send({
      rule,
      context,
      send: (site) => submitVerification(t, site.chainId, site.address, broken(site.twin)),
      onRefusedAtOnce: (exchange, error) => expectInvalidParameter(t, exchange, error, context, { alsoInvalidJson: scalar }),
    });
    const bodies = verificationBodyArbitrary(await bodySchema(), { invalid: true, includeAmbiguous: true });
    // Rule after rule (a faulty verifier that takes a broken body verifies the sample, which changes
    // what later submissions meet); a rule's boundary forms and generated breaks several at once.
    // Each rule gets its own few generated breaks, so none is left unjudged by chance.
    for (const rule of FIELD_RULES) {
      await partsAtOnce(t, [
        () => forEachCase(t, BOUNDARY_BODIES.filter((b) => b.rule === rule), (boundary) => send(boundary.rule, `a body ${boundary.what}`, boundary.body, isScalar(boundary.body({})))),
        () => checkProperty(t, bodies.filter((c) => ruleOf(c.invalid!) === rule), async (c) => {
          const invalid = c.invalid!;
          const context = `a body with ${invalid.pointer || 'the whole body'} ${invalid.violates === 'required' ? 'left out' : `= ${JSON.stringify(invalid.value)?.slice(0, 80)} (breaks ${invalid.violates})`}`;
          await send(rule, context, (twin) => breakBody(twin, invalid), invalid.pointer === '' && isScalar(invalid.value));
        }, { runs: Math.min(t.config.depth, 3) }),
      ]);
    }
    await submissions.settle();
  }, { writes: true, turns: 'known-sample', holds: (t) => sitesHeld(submissionSites(t, 0)), casesInAnyOrder: true, timeout: 240_000 });

  // Turns: submits a known sample under both spellings of its compiler version.
  ruleTest('takes compilerVersion with or without the leading v as the same version', ['VF-4.8-compiler-version-pattern', 'VF-1-known-sample-verifies'], async (t) => {
    // One the refusal controls leave alone: verifying it here must not spoil their addresses.
    const [sample] = firstVerificationSamples(t);
    if (!sample) t.skip('no deployed contract is known on the target to submit both spellings to: give --verify-samples FILE');
    // The pattern's v is optional: both spellings of one version must be taken (verified, or
    // already_verified once the other spelling verified the contract).
    const bare = sample.compilerVersion.replace(/^v/, '');
    const outcomes: Array<[string, SampleOutcome]> = [];
    for (const version of [`v${bare}`, bare]) outcomes.push([version, await submitKnownSample(t, sample, { body: { ...sampleBody(sample), compilerVersion: version } })]);
    const taken = outcomes.find(([, outcome]) => verifiesThere(outcome));
    if (!taken) return t.skip(`neither spelling of ${bare} was taken at ${sample.address}: a refusal of one cannot be told apart from nothing to verify there`);
    const [takenVersion] = taken;
    for (const [version, outcome] of outcomes) {
      if (outcome.kind === 'undecided') t.notEvaluated('VF-4.8-compiler-version-pattern', outcome.detail);
      else t.soft('VF-4.8-compiler-version-pattern', verifiesThere(outcome), `${sample.contractIdentifier} with compilerVersion ${version} was refused (${outcome.kind === 'not_verified' ? outcome.detail : outcome.kind}) while ${takenVersion} was taken`, outcome.exchange);
    }
  }, { writes: true, turns: 'known-sample', holds: (t) => firstSamplesHeld(t).slice(0, 1) });

  // Beside the others: unparseable text at addresses that hold no known sample starts no job and verifies nothing.
  ruleTest('rejects a body that is not parseable JSON with invalid_json', ['VF-7-no-server-error', 'VF-7-invalid-json-400', 'VF-7-error-body-shape'], async (t) => {
    const text = JSON.stringify(wellFormedBody(t));
    // Every proper prefix of a JSON object's text is unparseable.
    const cut = fc.integer({ min: 1, max: text.length - 1 }).map((n) => text.slice(0, n));
    await checkProperty(t, fc.tuple(cut, strangerAddressArbitrary()), async ([broken, address]) => {
      const exchange = await t.send({ method: 'POST', url: `/v2/verify/${t.config.verifyChainId}/${address}`, body: broken, contentType: 'application/json' });
      const context = `body cut to ${broken.length} characters`;
      // Invalid input is refused with a 4xx (the contract's rule); 400 invalid_json is what the notes observe.
      expectRule('VF-7-no-server-error', exchange.status < 500, `${context}: answered ${exchange.status}`, exchange);
      expectRule('VF-7-invalid-json-400', exchange.status >= 400 && exchange.status < 500, `${context}: answered ${exchange.status}`, exchange);
      const error = expectVerificationErrorBody(t, exchange, context);
      t.soft('VF-7-invalid-json-400', exchange.status === 400 && error.customCode === 'invalid_json', `${context}: answered ${exchange.status} ${error.customCode}, the notes observe 400 invalid_json`, exchange);
    }, { runs: 3 });
  });

  // Beside the others: malformed bodies for an unsupported chain, at addresses that hold no known sample, start no job.
  ruleTest('validates the body before the chain: a malformed body for an unsupported chain gives invalid_parameter', ['VF-7-validation-before-chain', 'VF-7-error-body-shape'], async (t) => {
    const bodies = verificationBodyArbitrary(await bodySchema(), { invalid: true });
    await checkProperty(t, fc.tuple(bodies, strangerAddressArbitrary()), async ([c, address]) => {
      const exchange = await submitVerification(t, t.config.verifyUnsupportedChainId, address, c.body);
      const context = `body breaking ${c.invalid!.pointer || 'the whole body'} (${c.invalid!.violates}) for chain ${t.config.verifyUnsupportedChainId}`;
      expectRule('VF-7-validation-before-chain', exchange.status >= 400 && exchange.status < 500, `${context}: answered ${exchange.status}`, exchange);
      const error = expectVerificationErrorBody(t, exchange, context);
      const codes = isScalar(c.body) ? ['invalid_parameter', 'invalid_json'] : ['invalid_parameter'];
      expectRule('VF-7-validation-before-chain', codes.includes(error.customCode), `${context}: answered ${error.customCode}, the notes observe ${codes.join(' or ')}`, exchange);
    }, { runs: Math.min(t.config.depth, 4) });
  });

  // Beside the others: refused at once, at addresses that hold no known sample (taken by a faulty verifier, nothing verifies there).
  ruleTest('rejects an unknown query parameter with invalid_parameter', ['VF-7-invalid-parameter-400', 'VF-7-error-body-shape'], async (t) => {
    const body = wellFormedBody(t);
    const names = stringMatchingArbitrary(/^[a-z][a-zA-Z]{2,10}$/);
    await checkProperty(t, fc.tuple(names, strangerAddressArbitrary()), async ([name, address]) => {
      const exchange = await t.send({ method: 'POST', url: `/v2/verify/${t.config.verifyChainId}/${address}`, query: [[name, '1']], body });
      const context = `query parameter ${name}`;
      expectRule('VF-7-invalid-parameter-400', exchange.status === 400, `${context}: answered ${exchange.status}, the notes observe 400`, exchange);
      const error = expectVerificationErrorBody(t, exchange, context);
      expectRule('VF-7-invalid-parameter-400', error.customCode === 'invalid_parameter', `${context}: answered ${error.customCode}`, exchange);
    }, { runs: 2 });
  });
});
