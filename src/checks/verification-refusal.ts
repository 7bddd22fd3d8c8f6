import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';
import type { SubmissionSite } from '../samples/submission-site.ts';
import { acceptedId, refusalCode, submitVerification } from '../samples/verification-sample.ts';
import { endedAlreadyVerified, STATE_CODES, submitKnownSample, verifiesThere } from './verification-control.ts';
import { expectVerificationErrorBody, type VerificationErrorBody } from './verification-error-body.ts';
import { followVerificationJob, jobMatched } from './verification-job.ts';

export interface BrokenSubmission {
  /** The contract rule the submission breaks. */
  rule: string;
  context: string;
  /** Sends the broken submission at a site (its body built from the site's twin). */
  send(site: SubmissionSite): Promise<Exchange>;
  /** Further checks of a refusal at once (the observed status and code). */
  onRefusedAtOnce?(exchange: Exchange, error: VerificationErrorBody): void;
  /**
   * The submission breaks the path: already_verified at a sample's site then shows the broken path
   * was read as that sample's chain and address, which breaks the rule (a body's field says nothing of the address).
   */
  brokenPath?: boolean;
}

interface Refusal {
  rule: string;
  context: string;
  at: 'once' | 'job';
  exchange: Exchange;
}

/** What a site's repaired twin showed: taken at once there, and verified there (or already verified). */
interface Control {
  takenAtOnce: boolean;
  verifies: boolean;
  detail: string;
}

/**
 * Judges broken submissions in one batch per site. Every one is sent first, so no control has yet
 * verified the address it goes to; a job that ends with a match breaks its rule with no control
 * needed. A refusal (at once, or a job that ends with an error) holds only once the site's repaired
 * twin, sent once after all of them, is taken there: at once for a refusal at once, verified for a
 * refusal by a job. An answer from the address's state (already_verified, a running job,
 * throttling) refuses no field: the submission tries the next site, and is not evaluated when none
 * is left. Read-only runs send no twin: their refusals at once stand alone (a refusal at once
 * starts no job, so it is no job finding nothing there); refusals by a job are not evaluated.
 */
export class BrokenSubmissions {
  private readonly refusals = new Map<SubmissionSite, Refusal[]>();

  constructor(private readonly t: Check, private readonly sites: SubmissionSite[], private readonly options: { controls: boolean }) {}

  async send(broken: BrokenSubmission): Promise<void> {
    const { t } = this;
    const passed: string[] = [];
    for (const site of this.sites) {
      const where = `at ${site.address} on chain ${site.chainId}`;
      const exchange = await broken.send(site);
      const code = refusalCode(exchange);
      if (code === 'already_verified' && broken.brokenPath && site.sample) {
        return t.soft(broken.rule, false, `${broken.context}: answered already_verified ${where}, so the broken path was read as that verified contract's`, exchange);
      }
      if (code !== undefined && STATE_CODES.has(code)) {
        passed.push(`${where}: answered ${exchange.status} ${code}, which comes from the address's state, not from the submission`);
        continue;
      }
      if (exchange.status === 404 && code !== 'invalid_parameter') return t.notEvaluated(broken.rule, `${broken.context}: answered 404, as for a path the target does not serve; that refuses nothing`);
      if (exchange.status >= 400 && exchange.status < 500) {
        const error = expectVerificationErrorBody(t, exchange, broken.context);
        broken.onRefusedAtOnce?.(exchange, error);
        return this.keep(site, { rule: broken.rule, context: broken.context, at: 'once', exchange });
      }
      const id = acceptedId(exchange);
      if (id === undefined) return t.notEvaluated(broken.rule, `${broken.context}: answered ${exchange.status}, neither a refusal nor an acceptance`);
      const followed = await followVerificationJob(t, id);
      if (!followed.completed) return t.notEvaluated(broken.rule, `${broken.context}: accepted ${where}, and the job had not ended within the polling bound`);
      // A partially verified contract is refused inside the job (notes): the address's state again.
      if (endedAlreadyVerified(followed.job)) {
        passed.push(`${where}: accepted, and the job ended with already_verified, which comes from the address's state, not from the submission`);
        continue;
      }
      if (jobMatched(followed.job)) {
        // Kept, not thrown: the address may now be verified, so shrinking this input could never show it again.
        const detail = `${broken.context}: accepted ${where} and the job ended with a ${followed.job.contract?.match}`;
        t.soft(broken.rule, false, detail, followed.exchange);
        t.soft('VF-4.8-rejection-never-match', false, detail, followed.exchange);
        return;
      }
      return this.keep(site, { rule: broken.rule, context: broken.context, at: 'job', exchange: followed.exchange });
    }
    t.notEvaluated(broken.rule, `${broken.context}: ${passed.join('; ')}`);
  }

  private keep(site: SubmissionSite, refusal: Refusal): void {
    this.refusals.set(site, [...(this.refusals.get(site) ?? []), refusal]);
  }

  /** Sends each site's twin once and credits the refusals it controls. */
  async settle(): Promise<void> {
    const { t } = this;
    for (const [site, refusals] of this.refusals) {
      const control = this.options.controls ? await twinControl(t, site) : { takenAtOnce: true, verifies: false, detail: 'a read-only run sends no valid submission' };
      for (const r of refusals) {
        const credited = r.at === 'once' ? control.takenAtOnce : control.verifies;
        const how = r.at === 'once' ? `at once (${r.exchange.status})` : 'by a job that ended with an error';
        if (!credited) {
          t.notEvaluated(r.rule, `${r.context}: refused ${how} at ${site.address}, but ${control.detail}: the refusal cannot be told apart from nothing to verify there`);
          continue;
        }
        t.soft(r.rule, true, `${r.context}: refused ${how} at ${site.address} (${control.detail})`, r.exchange);
        t.soft('VF-4.8-rejection-never-match', true, `${r.context}: never matched`, r.exchange);
      }
    }
    this.refusals.clear();
  }
}

/**
 * The repaired twin at a site: a sample's body must verify at its address (or find it already
 * verified); at an address that holds no known contract it can only be taken (its job then ends,
 * so the address has no running job left), which controls refusals at once only.
 */
async function twinControl(t: Check, site: SubmissionSite): Promise<Control> {
  if (site.sample) {
    const outcome = await submitKnownSample(t, site.sample, { body: site.twin });
    const verifies = verifiesThere(outcome);
    const detail = verifies ? 'its repaired twin was taken there' : `its repaired twin was not taken there either (${outcome.kind === 'undecided' || outcome.kind === 'not_verified' ? outcome.detail : outcome.kind})`;
    return { takenAtOnce: verifies || (outcome.kind === 'not_verified' && outcome.accepted), verifies, detail };
  }
  const exchange = await submitVerification(t, site.chainId, site.address, site.twin);
  const id = acceptedId(exchange);
  if (id === undefined) return { takenAtOnce: false, verifies: false, detail: `its repaired twin was refused at once there too (${exchange.status} ${refusalCode(exchange) ?? ''})` };
  await followVerificationJob(t, id);
  return { takenAtOnce: true, verifies: false, detail: 'its repaired twin was taken at once there; the address holds no known contract, so no job of it can verify (give --verify-samples FILE)' };
}
