// Body fields of the submission (contract 4.8), driven by the schema: each generated break of one
// field (or a required one left out) is applied to a known sample's body and sent to its address,
// where it must be refused (at once with the error body, or by a job that ends with an error) while
// the repaired twin, the sample's own body, is taken there.
import { describe } from 'vitest';
import fc from 'fast-check';
import type { InvalidField } from '../../generators/requests/body-arbitrary.ts';
import { verificationBodyArbitrary } from '../../generators/requests/verification-body.ts';
import type { SchemaNode } from '../../generators/schema/schema-node.ts';
import { expectInvalidParameter, expectVerificationErrorBody } from '../../src/checks/verification-error-body.ts';
import { expectRefusedNextToTwin, submitKnownSample, verifiesThere, type SampleOutcome } from '../../src/checks/verification-control.ts';
import { breakBody } from '../../src/samples/break-body.ts';
import { sampleBody, strangerAddressArbitrary, submitVerification, controlSamples, wellFormedBody } from '../../src/samples/verification-sample.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, requestBodySchema } from '../../specs/operations.ts';

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

interface FieldGroup {
  name: string;
  /** Pointers of the breaks this test owns ('' = a body that is not an object at all). */
  owns: (pointer: string) => boolean;
  rules: string[];
}

const GROUPS: FieldGroup[] = [
  { name: 'stdJsonInput (or its language, sources or settings)', owns: (p) => p === '' || p.startsWith('/stdJsonInput'),
    rules: ['VF-4.8-stdjsoninput-required', 'VF-4.8-language-enum', 'VF-4.8-stdjsoninput-sources-settings'] },
  { name: 'compilerVersion', owns: (p) => p === '/compilerVersion', rules: ['VF-4.8-compiler-version-required', 'VF-4.8-compiler-version-pattern'] },
  { name: 'contractIdentifier', owns: (p) => p === '/contractIdentifier', rules: ['VF-4.8-contract-identifier-required', 'VF-4.8-contract-identifier-form'] },
  // The hash pattern allows lowercase hex only, so upper-case digits (a case variant) must be refused too.
  { name: 'creationTransactionHash', owns: (p) => p === '/creationTransactionHash', rules: ['VF-4.8-creation-tx-hash-pattern'] },
];

const WRITES = { writes: true };

const COMMON = ['VF-7-error-body-shape', 'VF-7-error-id-v4', 'VF-7-invalid-parameter-400', 'VF-4.8-rejection-never-match'];

describe('POST /v2/verify/{chainId}/{address}', () => {
  for (const [index, group] of GROUPS.entries()) {
    ruleTest(`rejects a missing or malformed ${group.name} where its repaired twin verifies`, [...group.rules, ...COMMON], async (t) => {
      const samples = controlSamples(t);
      if (samples.length === 0) {
        for (const rule of group.rules) t.notEvaluated(rule, 'no deployed contract is known on the target (give --verify-samples FILE): a refusal elsewhere cannot be told apart from nothing to verify there');
        t.skip('no deployed contract is known on the target to control the refusals against: give --verify-samples FILE');
      }
      // Each group breaks the body of another sample, so a target that answers already_verified before validating still judges some.
      const sample = samples[index % samples.length]!;
      const twin = sampleBody(sample, { withCreationHash: true });
      const bodies = verificationBodyArbitrary(await bodySchema(), { invalid: true, includeAmbiguous: true }).filter((c) => group.owns(c.invalid!.pointer));
      // Each rule of the group gets its own few breaks, so none is left unjudged by chance.
      for (const rule of group.rules) {
        await checkProperty(t, bodies.filter((c) => ruleOf(c.invalid!) === rule), async (c) => {
          const invalid = c.invalid!;
          const broken = breakBody(twin, invalid);
          const context = `${sample.contractIdentifier}'s body with ${invalid.pointer || 'the whole body'} ${invalid.violates === 'required' ? 'left out' : `= ${JSON.stringify(invalid.value)?.slice(0, 80)} (breaks ${invalid.violates})`}`;
          const refusal = await expectRefusedNextToTwin(t, sample, broken, twin, rule, context);
          if (refusal.at === 'once') expectInvalidParameter(t, refusal.exchange, refusal.error, context);
        }, { runs: Math.min(t.config.depth, 3) });
      }
    }, WRITES);
  }

  ruleTest('takes compilerVersion with or without the leading v as the same version', ['VF-4.8-compiler-version-pattern', 'VF-1-known-sample-verifies'], async (t) => {
    const [sample] = controlSamples(t);
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
  }, WRITES);

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

  ruleTest('validates the body before the chain: a malformed body for an unsupported chain gives invalid_parameter', ['VF-7-validation-before-chain', 'VF-7-error-body-shape'], async (t) => {
    const bodies = verificationBodyArbitrary(await bodySchema(), { invalid: true });
    await checkProperty(t, fc.tuple(bodies, strangerAddressArbitrary()), async ([c, address]) => {
      const exchange = await submitVerification(t, t.config.verifyUnsupportedChainId, address, c.body);
      const context = `body breaking ${c.invalid!.pointer || 'the whole body'} (${c.invalid!.violates}) for chain ${t.config.verifyUnsupportedChainId}`;
      expectRule('VF-7-validation-before-chain', exchange.status >= 400 && exchange.status < 500, `${context}: answered ${exchange.status}`, exchange);
      const error = expectVerificationErrorBody(t, exchange, context);
      expectRule('VF-7-validation-before-chain', error.customCode === 'invalid_parameter', `${context}: answered ${error.customCode}, the notes observe invalid_parameter`, exchange);
    }, { runs: Math.min(t.config.depth, 4) });
  });

  ruleTest('rejects an unknown query parameter with invalid_parameter', ['VF-7-invalid-parameter-400', 'VF-7-error-body-shape'], async (t) => {
    const body = wellFormedBody(t);
    const names = fc.stringMatching(/^[a-z][a-zA-Z]{2,10}$/);
    await checkProperty(t, fc.tuple(names, strangerAddressArbitrary()), async ([name, address]) => {
      const exchange = await t.send({ method: 'POST', url: `/v2/verify/${t.config.verifyChainId}/${address}`, query: [[name, '1']], body });
      const context = `query parameter ${name}`;
      expectRule('VF-7-invalid-parameter-400', exchange.status === 400, `${context}: answered ${exchange.status}, the notes observe 400`, exchange);
      const error = expectVerificationErrorBody(t, exchange, context);
      expectRule('VF-7-invalid-parameter-400', error.customCode === 'invalid_parameter', `${context}: answered ${error.customCode}`, exchange);
    }, { runs: 2 });
  });
});
