// lane: long (ten verification runs: src/harness/turn-lane-sequencer.ts starts it early).
// Broken verification submissions are judged on every run: verifiers that accept and verify a
// body the contract calls invalid end FAIL on the broken field's rule with the embedded reference's
// fixtures, with a samples file, and (where the acceptance shows at any address) with no samples at
// all; a correct verifier given as a URL without samples passes with most contract rules evaluated.
import { beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import { concurrencyLimit, readJson, ruleRows, runCli, tempDir } from '../production/cli-helpers.ts';
import { writeFixtureSamplesFile } from './verify-samples.ts';

/** The verifiers that read one field as if it were valid and then really verify the contract. */
const IGNORED_FIELDS: Array<[fault: string, rule: string]> = [
  ['verify-language-read-as-solidity', 'VF-4.8-language-enum'],
  ['verify-compiler-version-unread', 'VF-4.8-compiler-version-required'],
  ['verify-creation-hash-case-folded', 'VF-4.8-creation-tx-hash-pattern'],
  ['verify-contract-identifier-name-only', 'VF-4.8-contract-identifier-form'],
];

/** Verifiers whose jobs report a match for a broken submission wherever it is sent. */
const ACCEPTED_ANYWHERE: Array<[fault: string, rule: string]> = [
  ['verify-stdjsoninput-optional', 'VF-4.8-stdjsoninput-required'],
  ['verify-language-unchecked', 'VF-4.8-language-enum'],
  ['verify-compiler-version-unchecked', 'VF-4.8-compiler-version-pattern'],
  ['verify-creation-hash-unchecked', 'VF-4.8-creation-tx-hash-pattern'],
  ['verify-chain-id-letters-accepted', 'VF-4.8-chainid-pattern'],
];

const CHILD_TIMEOUT = 240_000;
const RUN_TIMEOUT = 480_000;
// A verification run mostly waits on its jobs (about 3.5 s of CPU in 10 s, its reference and worker
// included): three at a time keep two cores busy.
const runSlot = concurrencyLimit(3);

interface VerifyRun {
  code: number | null;
  verdicts: Map<string, string>;
  evaluated: number;
}

async function verifyRun(name: string, args: string[]): Promise<VerifyRun> {
  return runSlot(async () => {
    const dir = tempDir(`verify-broken-${name}`);
    const result = await runCli(['run', '--no-html', '--only', 'verify', '--seed', '7', '--depth', '4', '--report-dir', dir, '--quiet', ...args], CHILD_TIMEOUT);
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
    const coverage = readJson<{ coverage: Array<{ interface: string; evaluated: number }> }>(`${dir}/rules.json`).coverage.find((c) => c.interface === 'verify');
    return { code: result.code, verdicts: new Map([...ruleRows(dir)].map(([id, row]) => [id, row.verdict])), evaluated: coverage?.evaluated ?? 0 };
  });
}

/** A run against a reference with `faults` served on its own loopback port, given as a URL. */
async function urlRun(name: string, faults: string[], extra: string[] = []): Promise<VerifyRun> {
  const server = await startReferenceServer({ faults });
  try {
    return await verifyRun(name, ['--verify-url', server.verifyUrl, ...extra]);
  } finally {
    await server.close();
  }
}

let samplesFile: string;
beforeAll(() => {
  samplesFile = writeFixtureSamplesFile();
});

describe.concurrent('broken verification submissions', () => {
  for (const [fault, rule] of IGNORED_FIELDS) {
    it(`fail ${rule} on a verifier that does not read the field (${fault}), on the embedded reference and with a samples file`, async () => {
      const [embedded, withFile] = await Promise.all([
        verifyRun(`${fault}-embedded`, ['--fault', fault]),
        urlRun(`${fault}-file`, [fault], ['--verify-samples', samplesFile]),
      ]);
      expect(embedded.code).toBe(1);
      expect(embedded.verdicts.get(rule)).toBe('failed');
      expect(withFile.code).toBe(1);
      expect(withFile.verdicts.get(rule)).toBe('failed');
    }, RUN_TIMEOUT);
  }

  it('fail each broken field\'s rule without any samples on verifiers that accept and match broken submissions anywhere', async () => {
    const run = await urlRun('accepted-anywhere', ACCEPTED_ANYWHERE.map(([fault]) => fault));
    expect(run.code).toBe(1);
    for (const [, rule] of ACCEPTED_ANYWHERE) expect(run.verdicts.get(rule), rule).toBe('failed');
  }, RUN_TIMEOUT);

  it('pass a correct verifier given as a URL without samples, judging every body and path rule there', async () => {
    const run = await urlRun('correct-no-samples', []);
    expect(run.code).toBe(0);
    expect(run.evaluated).toBeGreaterThanOrEqual(20);
    for (const rule of ['VF-4.8-stdjsoninput-required', 'VF-4.8-language-enum', 'VF-4.8-compiler-version-pattern', 'VF-4.8-creation-tx-hash-pattern', 'VF-4.8-chainid-pattern', 'VF-8-chainid-length', 'VF-4.8-address-length', 'VF-4.8-address-pattern']) {
      expect(run.verdicts.get(rule), rule).toBe('passed');
    }
    // What only a known deployed contract can show stays not evaluated, never passed.
    for (const rule of ['VF-1-known-sample-verifies', 'VF-7-already-verified']) expect(run.verdicts.get(rule), rule).not.toBe('passed');
  }, RUN_TIMEOUT);
});
