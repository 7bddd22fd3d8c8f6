// Stands in for another test that takes turns across the run: requests one after another under
// /turns/lane/, which the recording target of tests/verify-turns.test.ts answers itself.
import { ruleTest } from '../../../src/harness/rule-test.ts';

const REQUESTS = 40;

// Turns: it stands in for a test that changes what the others meet.
ruleTest('takes its turn for a run of requests', ['VF-7-job-not-found-404'], async (t) => {
  for (let i = 0; i < REQUESTS; i++) await t.get(`/turns/lane/${i}`);
}, { turns: 'shared-state' });
