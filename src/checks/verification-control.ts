import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';
import { acceptedId, refusalCode, sampleBody, submitVerification, type VerificationSample } from '../samples/verification-sample.ts';
import { followVerificationJob, type VerificationJob } from './verification-job.ts';

/** Answers that come from the address's or the client's state, not from judging the body. */
export const STATE_CODES = new Set(['already_verified', 'duplicate_verification_request', 'too_many_requests']);

export type SampleOutcome =
  | { kind: 'verified'; exchange: Exchange; verificationId: string }
  | { kind: 'already_verified'; exchange: Exchange }
  | { kind: 'not_verified'; detail: string; exchange: Exchange; accepted: boolean }
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
    return { kind: 'not_verified', detail, exchange, accepted: false };
  }
  t.soft('VF-4.8-json-request-body', true, `${context}: the application/json body was accepted`, exchange);
  const followed = await followVerificationJob(t, id);
  if (!followed.completed) return { kind: 'undecided', detail: `${context}: the job had not completed within the polling bound` };
  const detail = judgeSampleMatch(t, sample, followed.job, followed.exchange, context);
  if (detail !== undefined) return { kind: 'not_verified', detail, exchange: followed.exchange, accepted: true };
  return endedAlreadyVerified(followed.job) ? { kind: 'already_verified', exchange: followed.exchange } : { kind: 'verified', exchange: followed.exchange, verificationId: id };
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
  if (endedAlreadyVerified(job)) {
    t.soft('VF-1-known-sample-verifies', true, `${context}: accepted, and the job found the contract already verified (the submission did not yield a better match)`, exchange);
    return undefined;
  }
  const held = match === sample.expectedMatch;
  const detail = `${context}: the job ended with match ${String(match)}${job.error ? ` and error ${job.error.customCode}` : ''}, the sample expects ${sample.expectedMatch}`;
  t.soft('VF-1-known-sample-verifies', held, detail, exchange);
  return held ? undefined : detail;
}

/**
 * A job that ended without a match and with already_verified: a resubmission of a contract that
 * is verified (partially, as the notes observe: accepted, then refused inside the job).
 */
export function endedAlreadyVerified(job: VerificationJob): boolean {
  return job.isJobCompleted === true && (job.contract?.match ?? null) === null && job.error?.customCode === 'already_verified';
}
