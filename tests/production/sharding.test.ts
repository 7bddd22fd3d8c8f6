import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRunConfig, parseFlags } from '../../src/config/parse-args.ts';
import { resolveConfig } from '../../src/harness/resolve-config.ts';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { readJson, ruleRows, runCli, tempDir, type CliResult } from './cli-helpers.ts';

const remote = { baseUrl: 'https://mirror.example', statusUrl: 'https://status.example/api/v2', verifyUrl: 'https://verify.example' };

describe('shards of a run against a remote target', () => {
  it('share the default rate and budget instead of each taking all of it', () => {
    const shard = resolveConfig(buildRunConfig(parseFlags(['--shard', '2/4']), {}), remote, { embedded: false });
    expect(shard.effectiveRate).toBe(1.25);
    expect(shard.effectiveMaxRequests).toBe(1250);
    const explicit = resolveConfig(buildRunConfig(parseFlags(['--shard', '2/4', '--rate', '3', '--max-requests', '90']), {}), remote, { embedded: false, probesSent: 1, reserved: 1 });
    expect(explicit.effectiveRate).toBe(3);
    expect(explicit.effectiveMaxRequests).toBe(88);
  });
});

interface JsonResults {
  numTotalTests: number;
  testResults: Array<{ assertionResults: Array<{ fullName: string }> }>;
}

const testsInJunit = (path: string) => Number(/<testsuites[^>]*\btests="(\d+)"/.exec(readFileSync(path, 'utf8'))![1]);
const requestsOf = (dir: string) => readJson<{ requests: { requests: number } }>(join(dir, 'rules.json')).requests.requests;

describe('run --shard i/n, then merge-reports', () => {
  let server: ReferenceServer;
  const root = tempDir('shards');
  const shardDirs = [join(root, 'shard-1'), join(root, 'shard-2')];
  const merged = join(root, 'merged');
  let shards: CliResult[];
  let merge: CliResult;

  beforeAll(async () => {
    server = await startReferenceServer();
    shards = await Promise.all(shardDirs.map((dir, i) => runCli([
      'run', '--only', 'status', '--status-url', server.statusUrl, '--treat-as-remote', '--rate', '100', '--seed', '9',
      '--shard', `${i + 1}/2`, '--report-dir', dir,
    ])));
    merge = await runCli(['merge-reports', '--into', merged, ...shardDirs]);
  }, 170_000);
  afterAll(() => server?.close());

  it('splits the tests between the shards without overlap', () => {
    expect(shards.map((s) => s.code)).toEqual([0, 0]);
    const titles = shardDirs.map((d) => readJson<JsonResults>(join(d, 'vitest-results.json')).testResults.flatMap((f) => f.assertionResults.map((a) => a.fullName)));
    expect(titles[0]!.length).toBeGreaterThan(0);
    expect(titles[1]!.length).toBeGreaterThan(0);
    expect(titles[0]!.filter((t) => titles[1]!.includes(t))).toEqual([]);
  });

  it('merges vitest results and request logs into one report with one verdict, JUnit included', () => {
    expect(merge.code).toBe(0);
    expect(merge.stdout).toMatch(/ledger-conformance: PASS \(exit 0\)/);
    const total = shardDirs.reduce((n, d) => n + readJson<JsonResults>(join(d, 'vitest-results.json')).numTotalTests, 0);
    expect(readJson<JsonResults>(join(merged, 'vitest-results.json')).numTotalTests).toBe(total);
    // JUnit holds one case per rule of the run and one for its verdict, whichever shard judged the rule.
    expect(testsInJunit(join(merged, 'junit.xml'))).toBe(ruleRows(merged).size + 1);
    for (const d of shardDirs) expect(testsInJunit(join(d, 'junit.xml'))).toBe(ruleRows(merged).size + 1);
    expect(requestsOf(merged)).toBe(requestsOf(shardDirs[0]!) + requestsOf(shardDirs[1]!));
    expect(existsSync(join(merged, 'html', 'index.html'))).toBe(true);
  });

  it('judges every rule over all shards: a rule one shard did not cover is not reported uncovered', () => {
    const uncovered = (dir: string) => [...ruleRows(dir).values()].filter((r) => r.verdict === 'uncovered').map((r) => r.id);
    expect(uncovered(shardDirs[0]!).length + uncovered(shardDirs[1]!).length).toBeGreaterThan(0);
    const both = uncovered(shardDirs[0]!).filter((id) => uncovered(shardDirs[1]!).includes(id));
    expect(uncovered(merged)).toEqual(both);
    // The rules page shows the merge's view, not each shard's partial one.
    const page = readFileSync(join(merged, 'html', 'index.html'), 'utf8');
    expect((page.match(/data-verdict="uncovered"/g) ?? []).length).toBe(both.length);
  });
});
