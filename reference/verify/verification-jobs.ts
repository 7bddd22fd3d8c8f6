// The job book of the verification interface: accepts requests, runs their jobs one after another
// off the request path, remembers exact verifications (already_verified) and running work per
// chain and address (duplicate_verification_request), and renders jobs for GET /v2/verify/{id}.
import { randomUUID } from 'node:crypto';
import { toChecksumAddress } from './checksum-address.ts';
import type { DeployedCode } from './deployed-code.ts';
import { runVerificationJob, type JobOutcome } from './verification-job.ts';
import type { VerifyRequest } from './verify-request.ts';
import type { MatchLevel } from './bytecode-match.ts';

interface JobRecord {
  verificationId: string;
  request: VerifyRequest;
  startMs: number;
  finishMs?: number;
  outcome?: JobOutcome;
  verifiedAtMs?: number;
  matchId?: string;
  /** Fixed when the job fails, so every GET reports the same error id. */
  errorId?: string;
}

export interface VerificationJobView {
  isJobCompleted: boolean;
  verificationId: string;
  jobStartTime: string;
  jobFinishTime?: string;
  compilationTime?: string;
  contract: {
    match: MatchLevel;
    creationMatch: MatchLevel;
    runtimeMatch: MatchLevel;
    chainId: string;
    address: string;
    verifiedAt?: string;
    matchId?: string;
  };
  error?: Record<string, unknown>;
}

/** YYYY-MM-DDTHH:MM:SSZ, the job time format of the interface. */
function jobTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const contractKey = (chainId: string, address: string) => `${BigInt(chainId)}:${address.toLowerCase()}`;

/** Only a job whose input compiled reports compilationTime (notes): a match, or no match after compiling. */
function compiled(outcome: JobOutcome): boolean {
  return outcome.kind === 'matched' || outcome.error.customCode === 'no_match';
}

const MATCH_RANK: Record<string, number> = { match: 1, exact_match: 2 };

/** A match better than the one recorded: the notes' verifier takes an upgrade and refuses anything else inside the job. */
function improves(recorded: MatchLevel | undefined, outcome: Extract<JobOutcome, { kind: 'matched' }>): boolean {
  return recorded === undefined || recorded === null || (MATCH_RANK[outcome.match] ?? 0) > (MATCH_RANK[recorded] ?? 0);
}

export class VerificationJobs {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly running = new Set<string>();
  private readonly exactlyVerified = new Set<string>();
  /** The best match each contract was verified with, partial ones included. */
  private readonly bestMatch = new Map<string, MatchLevel>();
  private queue: Promise<void> = Promise.resolve();
  private nextMatchId = 1;
  private closed = false;

  constructor(private readonly store: DeployedCode) {}

  isAlreadyVerified(chainId: string, address: string): boolean {
    return this.exactlyVerified.has(contractKey(chainId, address));
  }

  isRunning(chainId: string, address: string): boolean {
    return this.running.has(contractKey(chainId, address));
  }

  /** Records the job and queues it; the id is returned before any work is done. */
  submit(request: VerifyRequest): string {
    const record: JobRecord = { verificationId: randomUUID(), request, startMs: Date.now() };
    const key = contractKey(request.chainId, request.address);
    this.jobs.set(record.verificationId, record);
    this.running.add(key);
    this.queue = this.queue.then(async () => {
      // Yield first, so the 202 is sent before solc occupies the thread.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        record.outcome = this.closed
          ? { kind: 'failed', error: { customCode: 'internal_error', message: 'the verifier shut down before the job ran' }, compilationMs: 0 }
          : await runVerificationJob(this.store, request);
      } catch (error) {
        record.outcome = { kind: 'failed', error: { customCode: 'internal_error', message: `the job failed unexpectedly: ${(error as Error).message}` }, compilationMs: 0 };
      }
      // A partially verified contract resubmitted without a better match: refused inside the job (notes).
      if (record.outcome.kind === 'matched' && !improves(this.bestMatch.get(key), record.outcome)) {
        record.outcome = { kind: 'failed', error: { customCode: 'already_verified', message: `${request.address} on chain ${request.chainId} is already verified; this submission did not yield a better match` }, compilationMs: record.outcome.compilationMs };
      }
      if (record.outcome.kind === 'matched') this.bestMatch.set(key, record.outcome.match);
      record.finishMs = Date.now();
      if (record.outcome.kind === 'failed') record.errorId = randomUUID();
      if (record.outcome.kind === 'matched') {
        record.verifiedAtMs = record.finishMs;
        record.matchId = String(this.nextMatchId++);
        if (record.outcome.runtimeMatch === 'exact_match' && record.outcome.creationMatch === 'exact_match') this.exactlyVerified.add(key);
      }
      this.running.delete(key);
    });
    return record.verificationId;
  }

  view(verificationId: string): VerificationJobView | undefined {
    const record = this.jobs.get(verificationId);
    if (!record) return undefined;
    const { request, outcome } = record;
    const matched = outcome?.kind === 'matched' ? outcome : undefined;
    const view: VerificationJobView = {
      isJobCompleted: outcome !== undefined,
      verificationId: record.verificationId,
      jobStartTime: jobTime(record.startMs),
      contract: {
        match: matched?.match ?? null,
        creationMatch: matched?.creationMatch ?? null,
        runtimeMatch: matched?.runtimeMatch ?? null,
        chainId: request.chainId,
        address: toChecksumAddress(request.address),
      },
    };
    if (record.finishMs !== undefined) view.jobFinishTime = jobTime(record.finishMs);
    if (outcome && compiled(outcome)) view.compilationTime = String(outcome.compilationMs);
    if (matched) {
      view.contract.verifiedAt = jobTime(record.verifiedAtMs!);
      view.contract.matchId = record.matchId;
    }
    if (outcome?.kind === 'failed') {
      const { customCode, message, ...codes } = outcome.error;
      view.error = { customCode, message, errorId: record.errorId, ...codes };
    }
    return view;
  }

  /** Stops running new jobs and waits for the current one to end. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
  }
}
