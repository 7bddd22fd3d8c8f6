// A verified contract's state under any sequence of polls and resubmissions (fast-check
// model-based testing): the completed job keeps its outcome on every poll, and every resubmission,
// in any letter case of the address, answers already_verified. These submit: writes.
import { describe } from 'vitest';
import fc from 'fast-check';
import { submitKnownSample, verifiesThere } from '../../src/checks/verification-control.ts';
import { checkJobHistory, type PolledJob } from '../../src/checks/verification-job-history.ts';
import type { VerificationJob } from '../../src/checks/verification-job.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { responseJson } from '../../src/http/exchange.ts';
import { acceptedId, firstVerificationSamples, refusalCode, sampleBody, submitVerification, type VerificationSample } from '../../src/samples/verification-sample.ts';
import { firstSamplesHeld } from '../../src/samples/turn-holds.ts';

/** What the suite knows of the contract: verified, and the id of the job that verified it when it saw one. */
interface Model {
  jobId?: string;
}

/** The target and what the sequence saw of it. */
interface Real {
  t: Check;
  sample: VerificationSample;
  polls: PolledJob[];
}

type Step = fc.AsyncCommand<Model, Real>;

class PollJob implements Step {
  check = (m: Readonly<Model>) => m.jobId !== undefined;
  async run(m: Model, r: Real): Promise<void> {
    const exchange = await r.t.get(`/v2/verify/${encodeURIComponent(m.jobId!)}`);
    r.polls.push({ job: (responseJson(exchange) ?? {}) as VerificationJob, exchange });
  }
  toString = () => 'poll the job';
}

class Resubmit implements Step {
  constructor(readonly spelling: 'same' | 'upper' | 'lower') {}
  check = () => true;
  async run(_m: Model, r: Real): Promise<void> {
    const { t, sample } = r;
    const hex = sample.address.slice(2);
    const address = this.spelling === 'same' ? sample.address : `0x${this.spelling === 'upper' ? hex.toUpperCase() : hex.toLowerCase()}`;
    const exchange = await submitVerification(t, sample.chainId, address, sampleBody(sample));
    const code = refusalCode(exchange);
    const rule = address === sample.address ? 'VF-7-already-verified' : 'VF-4.8-address-case-insensitive';
    t.soft(rule, code === 'already_verified', `resubmission of verified ${sample.address} as ${address} answered ${exchange.status} ${code ?? (acceptedId(exchange) ? 'accepted' : '')}`, exchange);
  }
  toString = () => `resubmit (${this.spelling} case)`;
}

const STEPS = [
  fc.constant(new PollJob()),
  fc.constantFrom<'same' | 'upper' | 'lower'>('same', 'upper', 'lower').map((spelling) => new Resubmit(spelling)),
];

describe('POST /v2/verify/{chainId}/{address} and GET /v2/verify/{verificationId} in sequence', () => {
  // Turns: verifies a known sample and submits it again in every sequence.
  ruleTest('keep a verified contract verified and its job completed under any sequence of polls and resubmissions', [
    'VF-4.8-job-lifecycle', 'VF-7-already-verified', 'VF-4.8-address-case-insensitive', 'VF-1-known-sample-verifies',
  ], async (t) => {
    // One the refusal controls leave alone: their addresses must stay unverified until they ran.
    const sample = firstVerificationSamples(t).find((s) => s.expectedMatch === 'exact_match');
    if (!sample) return t.skip('no known sample is expected to verify with exact matches: give --verify-samples FILE');
    // Verified here (its completed job then joins the sequences) or found verified already.
    const outcome = await submitKnownSample(t, sample);
    if (!verifiesThere(outcome)) return t.skip(`the sample is not verified on the target (${outcome.kind === 'undecided' || outcome.kind === 'not_verified' ? outcome.detail : outcome.kind})`);
    const jobId = outcome.kind === 'verified' ? outcome.verificationId : undefined;
    await checkProperty(t, fc.commands(STEPS, { maxCommands: 5 }), async (steps) => {
      const real: Real = { t, sample, polls: [] };
      await fc.asyncModelRun(() => ({ model: { jobId }, real }), steps);
      // Each sequence's polls of the completed job, judged as one history: no relapse, the same outcome.
      if (jobId && real.polls.length >= 2) checkJobHistory(t, jobId, real.polls);
    }, { runs: Math.min(t.config.depth, 3) });
  }, { writes: true, turns: 'known-sample', holds: firstSamplesHeld });
});
