// lane: long (a self-check of four runs: src/harness/turn-lane-sequencer.ts starts it early).
// CI's sample of the self-check: the clean reference passes and a few faults across the three
// interfaces are each caught by a rule they name; the table, JSON and HTML page are written.
// `npm run self-check` runs the whole catalogue.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SelfCheckReport } from '../src/cli/self-check-score.ts';
import { readJson, runCliProcess as runCli, tempDir } from './production/cli-helpers.ts';

// One fault per interface (status-indicator-unknown, caught through a run of its own, is in self-check-layers.test.ts).
const SAMPLE = ['schedules-limit-101-accepted', 'status-unresolved-503', 'verify-chain-id-letters-accepted'];

describe.concurrent('ledger-conformance self-check (sample)', () => {
  it('passes the clean reference and catches each sampled fault under a rule it names', { timeout: 600_000 }, async () => {
    const dir = tempDir('self-check');
    const result = await runCli(['self-check', '--faults', SAMPLE.join(','), '--jobs', '2', '--depth', '4', '--min-score', '100', '--report-dir', dir], 590_000);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report = readJson<SelfCheckReport>(join(dir, 'self-check.json'));
    expect(report.clean.passed).toBe(true);
    expect(report.faults.map((f) => [f.fault, f.result])).toEqual(SAMPLE.map((name) => [name, 'caught']));
    for (const fault of report.faults) expect(fault.expected).toEqual(expect.arrayContaining(fault.caughtBy));
    expect(report.overall).toEqual({ faults: SAMPLE.length, caught: SAMPLE.length, score: 100 });
    expect(readFileSync(join(dir, 'self-check.txt'), 'utf8')).toMatch(new RegExp(`overall\\s+${SAMPLE.length}/${SAMPLE.length} caught \\(100%\\)`));
    expect(existsSync(join(dir, 'html', 'self-check.html'))).toBe(true);
    expect(readFileSync(join(dir, 'html', 'index.html'), 'utf8')).toContain('href="self-check.html"');
  });

  it('refuses an unknown fault and a bad flag with one line and exit 2', { timeout: 180_000 }, async () => {
    const [unknown, badJobs, outside] = await Promise.all([
      runCli(['self-check', '--faults', 'no-such-fault']),
      runCli(['self-check', '--jobs', '0']),
      runCli(['self-check', '--only', 'status', '--faults', 'verify-error-id-missing']),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^ledger-conformance: unknown fault "no-such-fault"/);
    expect(badJobs.code).toBe(2);
    expect(badJobs.stderr).toMatch(/--jobs takes an integer of at least 1/);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/belongs to verify, which --only leaves out/);
  });
});
