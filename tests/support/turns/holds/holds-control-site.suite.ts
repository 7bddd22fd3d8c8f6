// Stands in for a test whose turn holds a refusal control's sites (a control sample and its
// stranger address), as the body test's does: requests one after another under /turns/apart/,
// which the recording target of tests/verify-turns.test.ts answers itself.
import { ruleTest } from '../../../../src/harness/rule-test.ts';
import { submissionSites } from '../../../../src/samples/submission-site.ts';
import { sitesHeld } from '../../../../src/samples/turn-holds.ts';

const REQUESTS = 40;

// Turns: it stands in for a test that submits at a control's sites.
ruleTest('takes its turn on a control\'s sites', ['VF-7-malformed-job-id-400'], async (t) => {
  for (let i = 0; i < REQUESTS; i++) await t.get(`/turns/apart/${i}`);
}, { turns: 'known-sample', holds: (t) => sitesHeld(submissionSites(t, 0)) });
