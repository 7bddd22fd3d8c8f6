import type { Check } from '../harness/rule-test.ts';
import { CONTROLS, controlSamples, fixtureSamples, sampleBody, strangerAddresses, type VerificationSample } from './verification-sample.ts';

/**
 * Where broken submissions are sent and what their repaired twin is: a known sample's chain,
 * address and body (the twin verifies there), or an address that holds no known contract on the
 * run's chain (the twin is only taken there, its job cannot match). The stranger site needs no
 * samples, so every run sends every broken submission.
 */
export interface SubmissionSite {
  chainId: string;
  address: string;
  twin: Record<string, unknown>;
  sample?: VerificationSample;
}

export function sampleSite(sample: VerificationSample): SubmissionSite {
  return { chainId: sample.chainId, address: sample.address, twin: sampleBody(sample, { withCreationHash: true }), sample };
}

/**
 * An address of the run's chain that holds no known contract, with a known (or fixture) body as the
 * twin: one of its own per control `index`, so checks at different controls share no address and
 * may take their turns side by side.
 */
export function strangerSite(t: Check, index = 0): SubmissionSite {
  const body = controlSamples(t).at(-1) ?? fixtureSamples(t.config.verifyChainId)[0]!;
  return { chainId: t.config.verifyChainId, address: strangerAddresses(t, CONTROLS)[index % CONTROLS]!, twin: sampleBody(body, { withCreationHash: true }) };
}

/**
 * The sites of one check, in the order a broken submission tries them: the control sample at
 * `index` (where the run may submit valid bodies), then the stranger site, which takes what the
 * sample's state answered for (an already verified address judges no field).
 */
export function submissionSites(t: Check, index: number): SubmissionSite[] {
  const samples = controlSamples(t);
  const writes = t.config.allowWrites || t.config.loopback.verify;
  const sample = writes && samples.length > 0 ? samples[index % samples.length] : undefined;
  return [...(sample ? [sampleSite(sample)] : []), strangerSite(t, index)];
}
