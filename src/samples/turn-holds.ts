// What a verification test's turn holds (ruleTest's `holds`): the addresses whose state it may
// change (src/samples/address-key.ts). Turns on addresses apart run side by side; a test that names
// none holds the whole interface.
import type { Check } from '../harness/rule-test.ts';
import { addressKey } from './address-key.ts';
import { strangerSite, type SubmissionSite } from './submission-site.ts';
import { firstVerificationSamples } from './verification-sample.ts';

/** The sites broken submissions go to, the control sample's and the stranger's. */
export function sitesHeld(sites: readonly SubmissionSite[]): string[] {
  return sites.map((site) => addressKey(site.chainId, site.address));
}

/**
 * The samples of a first verification, which the submitting checks choose among at run time (one
 * not verified yet, one verified), or where none is known the stranger site they submit to instead.
 */
export function firstSamplesHeld(t: Check): string[] {
  const samples = firstVerificationSamples(t);
  return samples.length ? samples.map((s) => addressKey(s.chainId, s.address)) : sitesHeld([strangerSite(t)]);
}
