// The verification suite reads a verifier that behaves like the open-source Sourcify server right
// (reference notes, "Seen on the open-source Sourcify server"): the reference behind a loopback
// proxy that answers as that server does where it differs from the reference. Only the EIP-55
// refusal is a deviation from the contract, reported once, under the address-case rule, and known
// in expectations/public-verifier.yaml.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { toChecksumAddress } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { fixtureContractNames, loadVerificationSample } from '../../fixtures/contracts/deployments.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { ROOT, ruleRows, runCli, tempDir } from '../production/cli-helpers.ts';
import { answerJson, startFaultProxy, type Answer, type Fault } from './fault-proxy.ts';

const SUBMIT = /\/v2\/verify\/(\d+)\/([^/?]+)$/;
const JOB = /\/v2\/verify\/([0-9a-f-]{36})$/i;
const json = (status: number, body: unknown): Answer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const refusal = (status: number, customCode: string, message: string) => json(status, { customCode, message, errorId: randomUUID() });
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The Sourcify server's answers where the reference answers otherwise: EIP-55 refusal of a wrong
 * mixed-case checksum; invalid_json for a bare JSON scalar body; a partially verified contract
 * (`partial`, as chain/address, shown as `match`) resubmitted is accepted and its job ends already_verified; no
 * compilationTime on failed jobs; internal_error inside the job of input it cannot handle; no rate
 * limiter (the burst's bodies are answered as the handler would).
 */
function sourcifyLike(partial: string): Fault {
  const ownJobs = new Map<string, Record<string, unknown>>();
  const awkwardSubmissions = new WeakSet<IncomingMessage>();
  const internalErrorJobs = new Set<string>();
  return {
    intercept(req, body) {
      const job = req.method === 'GET' ? JOB.exec(req.url ?? '')?.[1] : undefined;
      if (job && ownJobs.has(job)) return json(200, ownJobs.get(job));
      const submit = req.method === 'POST' ? SUBMIT.exec(req.url ?? '') : null;
      if (!submit) return undefined;
      const address = decodeURIComponent(submit[2]!);
      const value = parsed(body);
      if (value !== undefined && (value === null || typeof value !== 'object')) return refusal(400, 'invalid_json', 'Invalid JSON body');
      // Its check order: the chain before the address checksum.
      if (['296', '297'].includes(submit[1]!) && /^0x[0-9a-fA-F]{40}$/.test(address) && /[a-f]/.test(address.slice(2)) && /[A-F]/.test(address.slice(2)) && toChecksumAddress(address.toLowerCase()) !== address) {
        return refusal(400, 'invalid_parameter', 'Invalid address');
      }
      if (body.trim() === '{}') return refusal(400, 'invalid_parameter', 'stdJsonInput is required');
      const sources = (value as { stdJsonInput?: { sources?: Record<string, { content?: unknown }> } } | undefined)?.stdJsonInput?.sources;
      if (sources && Object.values(sources).some((s) => typeof s?.content !== 'string')) awkwardSubmissions.add(req);
      return undefined;
    },
    rewrite(req, answer) {
      const submit = req.method === 'POST' ? SUBMIT.exec(req.url ?? '') : null;
      const body = answerJson(answer);
      if (submit && awkwardSubmissions.has(req) && typeof body?.verificationId === 'string') internalErrorJobs.add(body.verificationId);
      // The reference holds the partial sample as exactly verified: the real server takes the resubmission and refuses it in the job.
      if (submit && `${submit[1]}/${decodeURIComponent(submit[2]!).toLowerCase()}` === partial && body?.customCode === 'already_verified') {
        const verificationId = randomUUID();
        ownJobs.set(verificationId, {
          isJobCompleted: true, verificationId, jobStartTime: now(), jobFinishTime: now(),
          contract: { match: null, creationMatch: null, runtimeMatch: null, chainId: submit[1], address: toChecksumAddress(partial.split('/')[1]!) },
          error: { customCode: 'already_verified', message: 'The contract is already verified and the job did not yield a better match', errorId: randomUUID() },
        });
        return json(202, { verificationId });
      }
      const job = req.method === 'GET' ? JOB.exec(req.url ?? '')?.[1] : undefined;
      if (!job || body?.isJobCompleted !== true) return answer;
      const edited = { ...body };
      if (internalErrorJobs.has(job)) {
        edited.contract = { ...edited.contract, match: null, creationMatch: null, runtimeMatch: null };
        edited.error = { customCode: 'internal_error', message: 'Something went wrong', errorId: edited.error?.errorId ?? randomUUID() };
      }
      if (edited.error) delete edited.compilationTime;
      if (`${edited.contract?.chainId}/${String(edited.contract?.address).toLowerCase()}` === partial && edited.contract?.match === 'exact_match') {
        edited.contract = { ...edited.contract, match: 'match', creationMatch: 'match', runtimeMatch: 'match' };
      }
      return { ...answer, body: JSON.stringify(edited) };
    },
  };
}

/**
 * The fixtures on chains 296 and 297, the first one a partial match (`chain/address`). FixtureGuard
 * (the one address with two hex letters, so it has mixed-case spellings) comes first on each chain,
 * so the verified sample whose spellings are judged is one.
 */
function samplesFile(): { file: string; partial: string } {
  const names = ['FixtureGuard', ...fixtureContractNames().filter((n) => n !== 'FixtureGuard')];
  const samples = ['296', '297'].flatMap((chain) => names.map((name) => ({ ...loadVerificationSample(name, Number(chain)), expectedMatch: 'exact_match' })));
  samples[0]!.expectedMatch = 'match';
  const file = join(tempDir('sourcify-samples'), 'samples.json');
  writeFileSync(file, JSON.stringify({ samples }, null, 2));
  return { file, partial: `${samples[0]!.chainId}/${samples[0]!.address.toLowerCase()}` };
}

describe('a verifier that behaves like the open-source Sourcify server', () => {
  it('is read right: only the EIP-55 refusal deviates, once, under the address-case rule, and it is a known deviation', async () => {
    const { file, partial } = samplesFile();
    const server = await startReferenceServer();
    const proxy = await startFaultProxy(new URL(server.verifyUrl).origin, sourcifyLike(partial));
    try {
      const dir = tempDir('sourcify-like');
      const result = await runCli(['run', '--no-html', '--only', 'verify', '--verify-url', proxy.url, '--verify-samples', file,
        '--expectations', join(ROOT, 'expectations', 'public-verifier.yaml'), '--seed', '7', '--depth', '4', '--report-dir', dir, '--quiet'], 240_000);
      expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
      if (process.env.SHOW_RUN) console.log(result.stdout);
      const verdicts = new Map([...ruleRows(dir)].map(([id, row]) => [id, row.verdict]));
      expect(verdicts.get('VF-4.8-address-case-insensitive')).toBe('known-deviation');
      expect([...verdicts].filter(([, v]) => v === 'failed' || v === 'error')).toEqual([]);
      expect(result.code).toBe(0);
      // A partial-match resubmission accepted and refused inside the job satisfies the sample rule.
      expect(verdicts.get('VF-1-known-sample-verifies')).toBe('passed');
      // No compilationTime on failed jobs, invalid_json for scalar bodies: not deviations.
      expect(verdicts.get('VF-4.8-job-object-fields')).toBe('passed');
      expect(verdicts.get('VF-7-invalid-parameter-400')).toBe('passed');
      expect(verdicts.get('VF-7-validation-before-chain')).not.toBe('deviates');
      // Two simultaneous resubmissions both taken, one job refused inside: the notes' non-atomic check, not a deviation.
      expect(verdicts.get('VF-7-duplicate-request-429')).not.toBe('deviates');
      // internal_error inside a completed job is an observation of the internal_error rule.
      expect(verdicts.get('VF-7-internal-error')).toBe('passed');
      // No rate limiter: the throttling rules are not judged, neither passed nor failed.
      expect(verdicts.get('VF-7-too-many-requests')).toBe('not-evaluated');
      expect(verdicts.get('VF-7-too-many-requests-429')).toBe('not-evaluated');
    } finally {
      await proxy.close();
      await server.close();
    }
  }, 300_000);
});
