import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRunConfig, parseFlags } from '../../src/config/parse-args.ts';
import { runCli, runCliProcess, tempDir, type CliResult } from '../production/cli-helpers.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { busiestSecond } from '../support/busiest-second.ts';

const RATE = 5;
const BUDGET = 36;
const BIG_SEED = '12345678901234567890';

describe('--rate holds in every one-second window at the server, the start-up probe included, with the files in two workers', () => {
  let proxy: FaultProxy;
  let result: CliResult;
  const dir = tempDir('chaos-rate');

  beforeAll(async () => {
    // The server answers by itself, and the run is a process of its own, so nothing else in this
    // process delays the arrival times it takes (the run's coordinator would, on this thread).
    proxy = await startFaultProxy('http://127.0.0.1:9', () => ({ kind: 'answer', answer: { status: 200, headers: {}, body: '{}' } }));
    // Two workers: the rate and the budget are the run's, kept by its coordinator, not each worker's.
    result = await runCliProcess(['run', '--no-html', '--only', 'status', '--status-url', `${proxy.url}/status/api/v2`, '--rate', String(RATE), '--max-requests', String(BUDGET), '--workers', '2', '--seed', BIG_SEED, '--quiet', '--report-dir', dir], 60_000);
  }, 70_000);
  afterAll(async () => {
    await proxy?.close();
  });

  it('lets no more than the rate arrive in any second, measured at the server', () => {
    // The budget is a cap: concurrent tests may hold a taken slot that the run's end leaves unsent.
    expect(proxy.log.length).toBeLessThanOrEqual(BUDGET);
    expect(proxy.log.length).toBeGreaterThan(BUDGET / 2);
    expect(proxy.log[0]!.url).toBe('/status/api/v2/status.json');
    expect(busiestSecond(proxy.log.map((r) => r.at))).toBeLessThanOrEqual(RATE);
    expect(readFileSync(join(dir, 'summary.txt'), 'utf8')).toMatch(new RegExp(`requests sent ${proxy.log.length}, peak [1-${RATE}]/s`));
  });

  it('prints a 20-digit seed exactly as given', () => {
    expect(result.stdout).toContain(`seed ${BIG_SEED} (replay with --seed ${BIG_SEED})`);
    expect(JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8')).seed).toBe(BIG_SEED);
  });
});

describe('a report directory that cannot hold the reports: one clear message, exit 2', () => {
  const expectOneLine = (r: CliResult, message: RegExp) => {
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/internal error|ENOTDIR|\n\s+at /);
  };

  it('names a report directory that is a file, or lies below one', async () => {
    const file = join(tempDir('chaos-report-dir'), 'a-file');
    writeFileSync(file, 'not a directory');
    const [isFile, belowFile] = await Promise.all([
      runCli(['run', '--only', 'status', '--report-dir', file]),
      runCli(['run', '--only', 'status', '--report-dir', join(file, 'sub')]),
    ]);
    expectOneLine(isFile, /--report-dir \S+a-file is a file, not a directory/);
    expectOneLine(belowFile, /--report-dir \S+ cannot hold the reports: a part of the path is a file/);
  });
});

describe('flags for hostile targets and big seeds', () => {
  const config = (...argv: string[]) => buildRunConfig(parseFlags(argv), {});

  it('reads the secret names and the body cap, and refuses what is not a name or a size', () => {
    expect(config('--secret-header', 'X-Session', '--secret-param', 'token', '--secret-param', 'sig', '--max-body-bytes', '5000'))
      .toMatchObject({ secretHeaders: ['X-Session'], secretParams: ['token', 'sig'], maxBodyBytes: 5000 });
    expect(() => config('--secret-param', 'a b')).toThrow(/--secret-param takes a name, got "a b"/);
    expect(() => config('--max-body-bytes', '1e6')).toThrow(/--max-body-bytes must be a positive integer/);
  });

  it('keeps a 20-digit seed as given and runs on a stable number derived from it; refuses longer ones', () => {
    const a = config('--seed', BIG_SEED);
    expect(a.seedText).toBe(BIG_SEED);
    expect(Number.isSafeInteger(a.seed)).toBe(true);
    expect(config('--seed', BIG_SEED).seed).toBe(a.seed);
    expect(config('--seed', '42')).toMatchObject({ seed: 42, seedText: '42' });
    expect(() => config('--seed', '123456789012345678901')).toThrow(/--seed must be an integer of at most 20 digits/);
  });
});
