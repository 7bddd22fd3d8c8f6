import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { expectMatchesResponseSchema } from './response-schema.ts';
import { expectRule } from './rule-violation.ts';
import { checkJobHistory, type PolledJob } from './verification-job-history.ts';
import { isUuid } from './verification-uuid.ts';
import { jobPollPace } from './job-poll-pace.ts';

export interface JobContract {
  match?: string | null;
  creationMatch?: string | null;
  runtimeMatch?: string | null;
  chainId?: string;
  address?: string;
}

export interface VerificationJob {
  isJobCompleted?: boolean;
  verificationId?: string;
  jobStartTime?: string;
  jobFinishTime?: string;
  compilationTime?: string;
  contract?: JobContract;
  error?: { customCode?: string; message?: string };
}

export interface FollowedJob {
  job: VerificationJob;
  exchange: Exchange;
  completed: boolean;
  polls: number;
  elapsedMs: number;
}

const JOB_FIELDS = ['isJobCompleted', 'verificationId', 'jobStartTime', 'contract'] as const;
const CONTRACT_FIELDS = ['match', 'creationMatch', 'runtimeMatch', 'chainId', 'address'] as const;

/**
 * Follows GET /v2/verify/{verificationId} until the job completes or the bound is reached, checking
 * every answer (served for the id just returned, 200, the observed job object) and then the whole
 * history as a sequence (verification-job-history.ts), with one re-fetch of the completed job.
 */
export async function followVerificationJob(t: Check, verificationId: string): Promise<FollowedJob> {
  const started = Date.now();
  const history: PolledJob[] = [];
  const pace = jobPollPace(t.config.loopback.verify);
  const poll = async () => {
    const exchange = await t.get(`/v2/verify/${encodeURIComponent(verificationId)}`);
    expectRule('VF-4.8-job-status-endpoint', exchange.status >= 200 && exchange.status < 300,
      `GET /v2/verify/${verificationId} for the id the acceptance returned answered ${exchange.status}`, exchange);
    t.soft('VF-4.8-job-status-200', exchange.status === 200, `the job answered ${exchange.status}, the notes observe 200`, exchange);
    const job = await checkJobObject(t, exchange, verificationId);
    history.push({ job, exchange });
    return { job, exchange };
  };
  for (let polls = 1; ; polls++) {
    const { job, exchange } = await poll();
    const elapsedMs = Date.now() - started;
    if (job.isJobCompleted === true || polls >= pace.maxPolls || elapsedMs >= pace.maxWaitMs) {
      const completed = job.isJobCompleted === true;
      if (completed) await poll();
      checkJobHistory(t, verificationId, history);
      t.note(completed
        ? `job ${verificationId} completed after ${polls} poll(s), ${elapsedMs} ms after the first poll`
        : `job ${verificationId} still pending after ${polls} poll(s) over ${elapsedMs} ms; stopped following it`);
      return { job, exchange, completed, polls, elapsedMs };
    }
    await new Promise((resolve) => setTimeout(resolve, pace.delayAfter(polls)));
  }
}

/** One answer of the job endpoint against the notes' job object (all observed rules, soft). */
async function checkJobObject(t: Check, exchange: Exchange, verificationId: string): Promise<VerificationJob> {
  await expectMatchesResponseSchema(t, exchange, 'verify', 'getVerificationJob', 'VF-4.8-job-object-fields');
  const job = (responseJson(exchange) ?? {}) as VerificationJob;
  const contract = job.contract ?? {};
  const soft = (rule: string, holds: boolean, detail: string) => t.soft(rule, holds, `job ${verificationId}: ${detail}`, exchange);
  const missing = [...JOB_FIELDS.filter((f) => !(f in job)), ...CONTRACT_FIELDS.filter((f) => !(f in contract)).map((f) => `contract.${f}`)];
  soft('VF-4.8-job-object-fields', missing.length === 0, `lacks ${missing.join(', ')}`);
  soft('VF-4.8-job-object-fields', job.verificationId === undefined || job.verificationId.toLowerCase() === verificationId.toLowerCase(), `carries verificationId ${String(job.verificationId)}`);
  const matches = [contract.match, contract.creationMatch, contract.runtimeMatch];
  if (job.isJobCompleted === false) {
    soft('VF-4.8-job-match-values', matches.every((m) => m === null || m === undefined), `is pending but reports matches ${JSON.stringify(matches)}`);
  }
  if (job.isJobCompleted === true) {
    const matched = contract.match !== null && contract.match !== undefined;
    // compilationTime only on a job that compiled (notes: failed jobs lack it); a match shows it compiled.
    const lacking = (matched ? ['jobFinishTime', 'compilationTime'] as const : ['jobFinishTime'] as const).filter((f) => !(f in job));
    soft('VF-4.8-job-object-fields', lacking.length === 0, `is completed${matched ? ' with a match' : ''} but lacks ${lacking.join(', ')}`);
    if (job.error?.customCode === 'internal_error') observeInternalError(t, job, exchange, verificationId);
    // The job carries an error exactly when it failed, i.e. completed without a match.
    soft('VF-4.8-job-error-when-failed', matched !== (job.error !== undefined && job.error !== null),
      matched ? `matched (${contract.match}) yet carries error ${JSON.stringify(job.error)}` : 'completed without a match and without an error');
  }
  return job;
}

/**
 * An unexpected failure reported inside a completed job (the notes see it there, answered with 200,
 * not only as an HTTP 500): an observation of the internal_error rule, its error body judged too.
 */
function observeInternalError(t: Check, job: VerificationJob, exchange: Exchange, verificationId: string): void {
  const error = job.error as Record<string, unknown>;
  t.soft('VF-7-internal-error', typeof error.message === 'string' && isUuid(error.errorId),
    `job ${verificationId} failed with internal_error but its error is not the error body {customCode, message, errorId (UUID)}: ${JSON.stringify(error).slice(0, 200)}`, exchange);
}

/** The job ended with a match (partial or exact). */
export function jobMatched(job: VerificationJob): boolean {
  return job.isJobCompleted === true && job.contract?.match !== null && job.contract?.match !== undefined;
}
