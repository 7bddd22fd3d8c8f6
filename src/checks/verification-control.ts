import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';
import { acceptedId, refusalCode, sampleBody, submitVerification, type VerificationSample } from '../samples/verification-sample.ts';
import { expectVerificationErrorBody, type VerificationErrorBody } from './verification-error-body.ts';
import { followVerificationJob, jobMatched, type VerificationJob } from './verification-job.ts';

/** Answers that come from the address's or the client's state, not from judging the body. */
const STATE_CODES = new Set(['already_verified', 'duplicate_verification_request', 'too_many_requests']);

export type SampleOutcome =
  | { kind: 'verified'; exchange: Exchange; verificationId: string }
  | { kind: 'already_verified'; exchange: Exchange }
  | { kind: 'not_verified'; detail: string; exchange: Exchange }
  | { kind: 'undecided'; detail: string };

/** The sample's body submitted here is valid and verifies there: a control for refusals at that address. */
export function verifiesThere(outcome: SampleOutcome): boolean {
  return outcome.kind === 'verified' || outcome.kind === 'already_verified';
}

/**
 * Submits a known sample (its own body, or `body`) to its address and follows the job:
 * an acceptance must end in the sample's expected match (VF-1-known-sample-verifies); already_verified
 * shows the body was taken as valid but verifies nothing now. Waits for the job, so the next
 * submission on the address never meets it running.
 */
export async function submitKnownSample(t: Check, sample: VerificationSample, options: { body?: Record<string, unknown> } = {}): Promise<SampleOutcome> {
  const { address } = sample;
  const context = `${sample.contractIdentifier} at ${address} on chain ${sample.chainId} (${sample.source})`;
  const exchange = await submitVerification(t, sample.chainId, address, options.body ?? sampleBody(sample));
  const code = refusalCode(exchange);
  if (code === 'already_verified') return { kind: 'already_verified', exchange };
  if (code !== undefined && STATE_CODES.has(code)) return { kind: 'undecided', detail: `${context}: answered ${code}` };
  if (exchange.status === 415 || code === 'invalid_json') {
    const detail = `${context}: a valid application/json body answered ${exchange.status} ${code ?? ''}`;
    t.soft('VF-4.8-json-request-body', false, detail, exchange);
    return { kind: 'undecided', detail };
  }
  const id = acceptedId(exchange);
  if (id === undefined) {
    if (exchange.status >= 500) return { kind: 'undecided', detail: `${context}: answered ${exchange.status}` };
    const detail = `${context}: the sample's valid submission answered ${exchange.status} ${code ?? exchange.responseBody.slice(0, 200)}`;
    t.soft('VF-1-known-sample-verifies', false, detail, exchange);
    return { kind: 'not_verified', detail, exchange };
  }
  t.soft('VF-4.8-json-request-body', true, `${context}: the application/json body was accepted`, exchange);
  const followed = await followVerificationJob(t, id);
  if (!followed.completed) return { kind: 'undecided', detail: `${context}: the job had not completed within the polling bound` };
  const detail = judgeSampleMatch(t, sample, followed.job, followed.exchange, context);
  return detail === undefined ? { kind: 'verified', exchange: followed.exchange, verificationId: id } : { kind: 'not_verified', detail, exchange: followed.exchange };
}

/** A completed job of a known sample must end in the sample's expected match; returns what went wrong, if anything. */
export function judgeSampleMatch(t: Check, sample: VerificationSample, job: VerificationJob, exchange: Exchange, context: string): string | undefined {
  // The job body is not shown by the contract: without the observed `contract.match` there is no match to judge.
  if (typeof job.contract !== 'object' || job.contract === null || !('match' in job.contract)) {
    const detail = `${context}: the completed job reports no contract.match`;
    t.notEvaluated('VF-1-known-sample-verifies', detail);
    return detail;
  }
  const match = job.contract.match;
  const held = match === sample.expectedMatch;
  const detail = `${context}: the job ended with match ${String(match)}${job.error ? ` and error ${job.error.customCode}` : ''}, the sample expects ${sample.expectedMatch}`;
  t.soft('VF-1-known-sample-verifies', held, detail, exchange);
  return held ? undefined : detail;
}

export type ControlledRefusal = { at: 'once'; error: VerificationErrorBody; exchange: Exchange } | { at: 'job' } | { at: 'undecided' };

/**
 * A body breaking `rule`, sent to a sample's address next to its repaired twin (the sample's own
 * body there): refused at once with the error body, or by a job that ends with an error, while the
 * twin is taken (verifies, or answers already_verified). A refusal whose twin is refused too cannot
 * be told apart from "nothing to verify there": not evaluated. A broken body that verifies breaks the rule.
 */
export async function expectRefusedNextToTwin(t: Check, sample: VerificationSample, broken: unknown, twin: Record<string, unknown>, rule: string, context: string): Promise<ControlledRefusal> {
  const exchange = await submitVerification(t, sample.chainId, sample.address, broken);
  const code = refusalCode(exchange);
  let refusal: ControlledRefusal = { at: 'undecided' };
  let why = '';
  if (code !== undefined && STATE_CODES.has(code)) why = `answered ${code}, which comes from the address's state, not from the body`;
  else if (exchange.status >= 400 && exchange.status < 500) refusal = { at: 'once', error: expectVerificationErrorBody(t, exchange, context), exchange };
  else if (acceptedId(exchange) !== undefined) {
    const followed = await followVerificationJob(t, acceptedId(exchange)!);
    if (!followed.completed) why = 'accepted, and the job had not ended within the polling bound';
    else {
      // Kept, not thrown: the address is now verified, so shrinking this input could never show it again.
      if (jobMatched(followed.job)) {
        t.soft(rule, false, `${context}: accepted at ${sample.address} and the job ended with a ${followed.job.contract?.match}`, followed.exchange);
        t.soft('VF-4.8-rejection-never-match', false, `${context}: the job ended with a match`, followed.exchange);
        return { at: 'undecided' };
      }
      refusal = { at: 'job' };
    }
  } else why = `answered ${exchange.status}, neither a refusal nor an acceptance`;
  if (refusal.at === 'undecided') {
    t.notEvaluated(rule, `${context}: ${why}`);
    return refusal;
  }
  const control = await submitKnownSample(t, sample, { body: twin });
  if (!verifiesThere(control)) {
    t.notEvaluated(rule, `${context}: refused, but its repaired twin was not taken there either (${control.kind === 'undecided' || control.kind === 'not_verified' ? control.detail : control.kind}): the refusal cannot be told apart from nothing to verify there`);
    return { at: 'undecided' };
  }
  t.soft(rule, true, `${context}: refused ${refusal.at === 'once' ? `at once (${exchange.status})` : 'by a job that ended with an error'} while its repaired twin was taken at ${sample.address}`, exchange);
  t.soft('VF-4.8-rejection-never-match', true, `${context}: never matched`, exchange);
  return refusal;
}
