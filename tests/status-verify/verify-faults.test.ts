// lane: long (seven verification runs: src/harness/turn-lane-sequencer.ts starts it early).
// The verification checks against broken verifiers: the reference behind a loopback proxy that
// breaks one thing, next to the same proxy passing everything through. Each run is the CLI's.
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { concurrencyLimit, ruleRows, runCli, tempDir } from '../production/cli-helpers.ts';
import { answerJson, startFaultProxy, type Fault } from './fault-proxy.ts';
import { writeFixtureSamplesFile } from './verify-samples.ts';

let samplesFile: string;
beforeAll(() => {
  samplesFile = writeFixtureSamplesFile();
});

// The runs are independent (each its own reference, proxy and report directory): three at a time.
const runSlot = concurrencyLimit(3);

/** Verdicts of a verify run against a fresh reference behind a proxy with `fault`. */
function verifyRun(name: string, fault: Fault): Promise<Map<string, string>> {
  return runSlot(() => verifyRunNow(name, fault));
}

async function verifyRunNow(name: string, fault: Fault): Promise<Map<string, string>> {
  // Each run gets its own reference server: verified contracts stay verified, and every run needs unverified ones.
  const own: ReferenceServer = await startReferenceServer();
  const proxy = await startFaultProxy(new URL(own.verifyUrl).origin, fault);
  try {
    const dir = tempDir(`verify-${name}`);
    const result = await runCli(['run', '--no-html', '--only', 'verify', '--verify-url', `${proxy.url}${new URL(own.verifyUrl).pathname}`, '--verify-samples', samplesFile,
      '--seed', '7', '--depth', '4', '--report-dir', dir, '--quiet'], CHILD_TIMEOUT);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
    if (process.env.SHOW_RUN) console.log(result.stdout);
    return new Map([...ruleRows(dir)].map(([id, row]) => [id, row.verdict]));
  } finally {
    await proxy.close();
    await own.close();
  }
}

const BODY_RULES = ['VF-4.8-stdjsoninput-required', 'VF-4.8-compiler-version-required', 'VF-4.8-contract-identifier-required', 'VF-4.8-creation-tx-hash-pattern'];

const isJobPoll = (req: IncomingMessage) => req.method === 'GET' && /\/v2\/verify\/[0-9a-f-]{36}$/i.test(req.url ?? '');

// A verify run of the CLI takes 20 to 40 s on an idle machine, mostly waiting on verification jobs;
// a test may wait for a slot first.
const CHILD_TIMEOUT = 240_000;
const RUN_TIMEOUT = 480_000;

describe.concurrent('verification checks on a correct verifier and on broken ones', () => {
  it('pass on the reference behind a transparent proxy, body rules judged next to their twins', async () => {
    const verdicts = await verifyRun('correct', {});
    for (const rule of [...BODY_RULES, 'VF-1-known-sample-verifies', 'VF-4.8-job-lifecycle', 'VF-4.8-address-length', 'VF-4.8-json-request-body', 'VF-7-already-verified', 'VF-4.8-address-case-insensitive']) {
      expect(verdicts.get(rule), rule).toBe('passed');
    }
  }, RUN_TIMEOUT);

  it('fail the hash-pattern rule on a verifier that ignores creationTransactionHash (a broken hash verifies at the sample address)', async () => {
    const verdicts = await verifyRun('ignores-hash', {
      request: (req, text) => {
        if (req.method !== 'POST') return text;
        try {
          const { creationTransactionHash: _ignored, ...rest } = JSON.parse(text) as Record<string, unknown>;
          return JSON.stringify(rest);
        } catch {
          return text;
        }
      },
    });
    expect(verdicts.get('VF-4.8-creation-tx-hash-pattern')).toBe('failed');
    expect(verdicts.get('VF-4.8-compiler-version-required')).toBe('passed');
  }, RUN_TIMEOUT);

  it('fail the address-length rule on a verifier that finds the address anywhere in the path segment', async () => {
    const verdicts = await verifyRun('unanchored-address', {
      // The contract's pattern is unanchored: this verifier takes whatever matches it and drops the rest.
      url: (req) => (req.url ?? '/').replace(/^(\/v2\/verify\/\d+\/)([^/?]+)/, (whole, head: string, segment: string) => {
        const found = /0x[0-9a-fA-F]{40}/.exec(decodeURIComponent(segment));
        return found ? `${head}${found[0]}` : whole;
      }),
    });
    expect(verdicts.get('VF-4.8-address-length')).toBe('failed');
  }, RUN_TIMEOUT);

  it('never pass a body rule on a verifier that refuses every submission: the twin is refused too, nothing is told apart', async () => {
    const refuse: Fault = {
      intercept: (req) => (req.method === 'POST'
        ? { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customCode: 'invalid_parameter', message: 'refused', errorId: '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3a4c5e6f' }) }
        : undefined),
    };
    const verdicts = await verifyRun('refuses-all', refuse);
    for (const rule of BODY_RULES) expect(['not-evaluated', 'skipped'], rule).toContain(verdicts.get(rule));
    expect(verdicts.get('VF-4.8-address-length')).not.toBe('passed');
    expect(verdicts.get('VF-1-known-sample-verifies')).toBe('failed');
  }, RUN_TIMEOUT);

  it('fail the sample rule and the job history on a verifier whose jobs match nothing, relapse to pending and carry a malformed error', async () => {
    const seen = new Set<string>();
    const verdicts = await verifyRun('no-match-relapse', {
      rewrite: (req, answer) => {
        const job = answerJson(answer);
        if (!isJobPoll(req) || !job?.isJobCompleted) return answer;
        const id = req.url!;
        const contract = { ...job.contract, match: null, creationMatch: null, runtimeMatch: null };
        // The first completed answer of a job, then pending again on the next fetch.
        if (seen.has(id)) return { ...answer, body: JSON.stringify({ ...job, isJobCompleted: false, contract, jobFinishTime: undefined, error: undefined }) };
        seen.add(id);
        return { ...answer, body: JSON.stringify({ ...job, contract, error: { customCode: 42 } }) };
      },
    });
    expect(verdicts.get('VF-1-known-sample-verifies')).toBe('failed');
    expect(verdicts.get('VF-4.8-job-lifecycle')).toBe('deviates');
    expect(verdicts.get('VF-4.8-job-error-when-failed')).toBe('deviates');
  }, RUN_TIMEOUT);

  it('report a job that finishes before it starts', async () => {
    const verdicts = await verifyRun('finish-before-start', {
      rewrite: (req, answer) => {
        const job = answerJson(answer);
        if (!isJobPoll(req) || !job?.isJobCompleted || typeof job.jobStartTime !== 'string') return answer;
        const before = new Date(Date.parse(job.jobStartTime) - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
        return { ...answer, body: JSON.stringify({ ...job, jobFinishTime: before }) };
      },
    });
    expect(verdicts.get('VF-4.8-job-lifecycle')).toBe('deviates');
    expect(verdicts.get('VF-1-known-sample-verifies')).toBe('passed');
  }, RUN_TIMEOUT);
});

describe('--verify-samples FILE', () => {
  it('is checked against its schema: a bad file is one clear error and exit 2', async () => {
    const dir = tempDir('bad-samples');
    const file = join(dir, 'samples.yaml');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, 'samples:\n  - chainId: 296\n    address: "0x12"\n');
    const result = await runCli(['run', '--only', 'verify', '--verify-url', 'http://127.0.0.1:9', '--verify-samples', file, '--report-dir', dir]);
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).toMatch(/verification samples file .*samples\.yaml, entry 1: /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
