import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { expectRule } from './rule-violation.ts';
import { expectVerificationErrorBody, type VerificationErrorBody } from './verification-error-body.ts';
import { followVerificationJob, jobMatched } from './verification-job.ts';

export type Rejection = { at: 'once'; error: VerificationErrorBody } | { at: 'job'; customCode: string | undefined } | { at: 'undecided' };

/**
 * A submission that must be rejected (a broken body field): a 4xx with the error body at once, or,
 * as the notes allow for body-level faults, an accepted job that ends with an error. A job that
 * ends with a match breaks the field's rule; one still pending at the bound decides nothing.
 */
export async function expectRejectedSubmission(t: Check, exchange: Exchange, rule: string, context: string): Promise<Rejection> {
  if (exchange.status >= 400 && exchange.status < 500) return { at: 'once', error: expectVerificationErrorBody(t, exchange, context) };
  const accepted = responseJson(exchange) as { verificationId?: unknown } | undefined;
  expectRule(rule, exchange.status >= 200 && exchange.status < 300 && typeof accepted?.verificationId === 'string',
    `${context}: answered ${exchange.status}, neither a 4xx error body nor an accepted job`, exchange);
  const followed = await followVerificationJob(t, accepted.verificationId as string);
  if (!followed.completed) {
    t.note(`${context}: accepted, and the job had not ended within the bound, so the rejection is undecided`);
    return { at: 'undecided' };
  }
  const matched = jobMatched(followed.job);
  expectRule(rule, !matched, `${context}: accepted and the job ended with a ${followed.job.contract?.match}`, followed.exchange);
  expectRule('VF-4.8-rejection-never-match', !matched, `${context}: the job ended with a match`, followed.exchange);
  t.note(`${context}: accepted, then the job ended with error ${followed.job.error?.customCode}`);
  return { at: 'job', customCode: followed.job.error?.customCode };
}
