// Stands in for a verify test that declares no turns: requests one after another under
// /turns/beside/, which the recording target of tests/verify-turns.test.ts answers itself.
import { ruleTest } from '../../../src/harness/rule-test.ts';

const REQUESTS = 60;

// Beside the others: it declares no turns.
ruleTest('runs beside the tests that take turns', ['VF-7-malformed-job-id-400'], async (t) => {
  for (let i = 0; i < REQUESTS; i++) await t.get(`/turns/beside/${i}`);
});
