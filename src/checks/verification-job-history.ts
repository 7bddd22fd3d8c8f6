import type { Check } from '../harness/rule-test.ts';
import type { Exchange } from '../http/exchange.ts';
import type { VerificationJob } from './verification-job.ts';
import { isUuid } from './verification-uuid.ts';

export interface PolledJob {
  job: VerificationJob;
  exchange: Exchange;
}

const LIFECYCLE = 'VF-4.8-job-lifecycle';

function instant(text: string | undefined): number | undefined {
  const ms = text === undefined ? NaN : Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** What must not change once a job has completed: its outcome. */
function outcome(job: VerificationJob): string {
  const { match, creationMatch, runtimeMatch } = job.contract ?? {};
  return JSON.stringify([match, creationMatch, runtimeMatch, job.error?.customCode ?? null, job.jobFinishTime ?? null]);
}

/**
 * Judges the answers of one job's polls as a sequence (observed, notes 4.8): pending only before
 * completion, never completed then pending again, the same start time throughout, a completed
 * outcome that stays put on re-fetch, start before finish, and an error that is the error body.
 */
export function checkJobHistory(t: Check, verificationId: string, history: PolledJob[]): void {
  const soft = (holds: boolean, detail: string, exchange: Exchange) => t.soft(LIFECYCLE, holds, `job ${verificationId}: ${detail}`, exchange);
  const firstDone = history.findIndex((p) => p.job.isJobCompleted === true);
  const relapse = firstDone < 0 ? undefined : history.slice(firstDone + 1).find((p) => p.job.isJobCompleted !== true);
  if (firstDone >= 0) soft(relapse === undefined, `completed at poll ${firstDone + 1}, then answered isJobCompleted ${String(relapse?.job.isJobCompleted)}`, relapse?.exchange ?? history[firstDone]!.exchange);
  const starts = new Set(history.map((p) => p.job.jobStartTime));
  if (history.length >= 2) soft(starts.size === 1, `jobStartTime changed between polls: ${[...starts].join(', ')}`, history.at(-1)!.exchange);
  const done = history.filter((p) => p.job.isJobCompleted === true);
  if (done.length >= 2) {
    const changed = done.find((p) => outcome(p.job) !== outcome(done[0]!.job));
    soft(changed === undefined, `the completed job's outcome changed on re-fetch: ${outcome(done[0]!.job)} then ${changed ? outcome(changed.job) : ''}`, (changed ?? done[0]!).exchange);
  }
  for (const { job, exchange } of done) {
    const start = instant(job.jobStartTime);
    const finish = instant(job.jobFinishTime);
    if (start !== undefined && finish !== undefined) soft(start <= finish, `finished (${job.jobFinishTime}) before it started (${job.jobStartTime})`, exchange);
  }
  const failed = done.find((p) => p.job.error !== undefined && p.job.error !== null);
  if (failed) {
    const error = failed.job.error as Record<string, unknown>;
    const wellFormed = typeof error === 'object' && typeof error.customCode === 'string' && typeof error.message === 'string' && isUuid(error.errorId);
    t.soft('VF-4.8-job-error-when-failed', wellFormed, `job ${verificationId}: the error ${JSON.stringify(error).slice(0, 200)} is not an error body {customCode, message, errorId (UUID)}`, failed.exchange);
  }
}
