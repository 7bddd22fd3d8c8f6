// Body fields of the submission (contract 4.8), driven by the schema: each generated body breaks
// one field (or leaves out a required one) and must be rejected, at once with the error body or
// by a job that ends with an error, never verified.
import { describe } from 'vitest';
import fc from 'fast-check';
import type { InvalidField } from '../../generators/requests/body-arbitrary.ts';
import { verificationBodyArbitrary } from '../../generators/requests/verification-body.ts';
import type { SchemaNode } from '../../generators/schema/schema-node.ts';
import { expectInvalidParameter, expectVerificationErrorBody } from '../../src/checks/verification-error-body.ts';
import { expectRejectedSubmission } from '../../src/checks/verification-rejection.ts';
import { sampleBody, strangerAddressArbitrary, submitVerification, verificationSamples } from '../../src/checks/verification-sample.ts';
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

const COMMON = ['VF-7-error-body-shape', 'VF-7-error-id-v4', 'VF-7-invalid-parameter-400', 'VF-4.8-rejection-never-match'];

describe('POST /v2/verify/{chainId}/{address}', () => {
  for (const group of GROUPS) {
    ruleTest(`rejects a missing or malformed ${group.name}`, [...group.rules, ...COMMON], async (t) => {
      const bodies = verificationBodyArbitrary(await bodySchema(), { invalid: true, includeAmbiguous: true }).filter((c) => group.owns(c.invalid!.pointer));
      let decided = 0;
      await checkProperty(t, fc.tuple(bodies, strangerAddressArbitrary()), async ([c, address]) => {
        const invalid = c.invalid!;
        const context = `body with ${invalid.pointer || 'the whole body'} ${invalid.violates === 'required' ? 'left out' : `= ${JSON.stringify(invalid.value)?.slice(0, 80)} (breaks ${invalid.violates})`}`;
        const exchange = await submitVerification(t, t.config.verifyChainId, address, c.body);
        const rejection = await expectRejectedSubmission(t, exchange, ruleOf(invalid), context);
        if (rejection.at !== 'undecided') decided += 1;
        if (rejection.at === 'once') expectInvalidParameter(t, exchange, rejection.error, context);
      });
      // Accepted bodies whose jobs all outlived the polling bound show no rejection either way.
      if (decided === 0) t.skip('every submission was accepted and its job had not ended within the polling bound: no rejection was decided');
    });
  }

  ruleTest('rejects a body that is not parseable JSON with invalid_json', ['VF-7-invalid-json-400', 'VF-7-error-body-shape'], async (t) => {
    const text = JSON.stringify(sampleBody(verificationSamples(t)[0]!));
    // Every proper prefix of a JSON object's text is unparseable.
    const cut = fc.integer({ min: 1, max: text.length - 1 }).map((n) => text.slice(0, n));
    await checkProperty(t, fc.tuple(cut, strangerAddressArbitrary()), async ([broken, address]) => {
      const exchange = await t.send({ method: 'POST', url: `/v2/verify/${t.config.verifyChainId}/${address}`, body: broken, contentType: 'application/json' });
      const context = `body cut to ${broken.length} characters`;
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
    const body = sampleBody(verificationSamples(t)[0]!);
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
