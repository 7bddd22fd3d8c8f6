// Stands in for a test whose turn holds the sample the real job-sequences test submits, named here
// on its own (not through the suite's helpers, which that test's turn uses): requests one after
// another under /turns/shared/, which the recording target of tests/verify-turns.test.ts answers itself.
import { ruleTest } from '../../../../src/harness/rule-test.ts';
import { firstVerificationSamples } from '../../../../src/samples/verification-sample.ts';

const REQUESTS = 40;

// Turns: it stands in for a test that submits the sample job-sequences verifies.
ruleTest('takes its turn on the sample job-sequences submits', ['VF-7-job-not-found-404'], async (t) => {
  for (let i = 0; i < REQUESTS; i++) await t.get(`/turns/shared/${i}`);
}, {
  turns: 'known-sample',
  holds: (t) => firstVerificationSamples(t).filter((s) => s.expectedMatch === 'exact_match').slice(0, 1).map((s) => `${s.chainId}/${s.address.toLowerCase()}`),
});
