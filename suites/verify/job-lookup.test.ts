// GET /v2/verify/{verificationId} for ids that name no job (observed codes of the notes).
import { describe } from 'vitest';
import fc from 'fast-check';
import { pathArbitrary } from '../../generators/requests/path-arbitrary.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { expectVerificationErrorBody } from '../../src/checks/verification-error-body.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation } from '../../specs/operations.ts';

describe('GET /v2/verify/{verificationId}', () => {
  // Beside the others: reads of ids that name no job.
  ruleTest('answers a well-formed but unknown verificationId with 404 job_not_found', ['VF-7-job-not-found-404', 'VF-7-error-body-shape', 'VF-7-error-id-v4'], async (t) => {
    await checkProperty(t, fc.uuid({ version: 4 }), async (id) => {
      const exchange = await t.get(`/v2/verify/${id}`);
      expectRule('VF-7-job-not-found-404', exchange.status === 404, `unknown job ${id} answered ${exchange.status}`, exchange);
      const error = expectVerificationErrorBody(t, exchange, `unknown job ${id}`);
      expectRule('VF-7-job-not-found-404', error.customCode === 'job_not_found', `unknown job ${id} answered customCode ${error.customCode}`, exchange);
    }, { runs: 3 });
  });

  // Beside the others: reads of malformed ids.
  ruleTest('rejects a verificationId that is not a UUID with 400 and the error body', ['VF-7-malformed-job-id-400', 'VF-7-error-body-shape'], async (t) => {
    const cases = pathArbitrary(findOperation(await loadSpec('verify'), 'getVerificationJob'), { invalid: 1 });
    await checkProperty(t, cases, async (c) => {
      const exchange = await t.get(c.path);
      const context = `verificationId ${JSON.stringify(c.params.verificationId)}`;
      expectRule('VF-7-malformed-job-id-400', exchange.status === 400, `${context} answered ${exchange.status}`, exchange);
      expectVerificationErrorBody(t, exchange, context);
    }, { runs: Math.min(t.config.depth, 6) });
  });
});
