import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createVitest } from 'vitest/node';
import { INTERFACES, type InterfaceName } from '../../specs/load-spec.ts';
import { driftPaths, readDriftData, type DriftData } from '../drift/drift-report.ts';
import type { RunInfo } from './build-report.ts';
import { reportPaths } from './report-paths.ts';
import { ResultsJsonReporter } from './results-json-reporter.ts';
import { ResultsError } from './test-outcomes.ts';
import { ROOT, vitestConfig } from '../cli/package-root.ts';
import { keepingHostState } from '../cli/host-state.ts';
import { keptOpen } from '../cli/kept-open-stream.ts';
import type { CliIo } from '../cli/cli-io.ts';

function readJson<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    throw new ResultsError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

/**
 * vitest's JSON report of all shards, made by vitest itself: it merges the shards' blob reports and
 * replays them to its JSON reporter, test metadata (rules, evaluations) included.
 */
async function mergeVitestResults(blobs: string[], outputFile: string, output: Pick<CliIo, 'stdout' | 'stderr'>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-conformance-blobs-'));
  try {
    blobs.forEach((blob, i) => copyFileSync(blob, join(dir, `blob-${i + 1}.json`)));
    const { options, overrides } = await vitestConfig();
    await keepingHostState(async () => {
      const vitest = await createVitest('test', { root: ROOT, ...options, watch: false, mergeReports: dir, reporters: [new ResultsJsonReporter(outputFile)] } as never, overrides, { stdout: keptOpen(output.stdout), stderr: keptOpen(output.stderr) });
      try {
        await vitest.mergeReports();
      } finally {
        await vitest.close();
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function copyAllureResults(from: string, to: string): void {
  if (!existsSync(from)) return;
  for (const name of readdirSync(from)) copyFileSync(join(from, name), join(to, name));
}

function concatenate(files: string[], to: string): void {
  writeFileSync(to, files.filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8')).filter((t) => t.trim()).map((t) => (t.endsWith('\n') ? t : `${t}\n`)).join(''));
}

/** The drift result worth keeping: a comparison if a shard made one, else the most informative reason. */
function pickDrift(found: DriftData[]): DriftData | undefined {
  return found.find((d) => d.status === 'compared') ?? found.find((d) => d.status !== 'skipped') ?? found[0];
}

/**
 * Merges the results of `run --shard i/n` runs (vitest blob reports, allure results, exchange and attempt
 * logs, run info, drift) into one report directory, ready for buildReport (which writes the JUnit).
 * What vitest says while it merges goes to `output`.
 */
export async function mergeShardResults(shardDirs: string[], into: string, output: Pick<CliIo, 'stdout' | 'stderr'>): Promise<void> {
  const shards = shardDirs.map((d) => reportPaths(d));
  const target = reportPaths(into);
  for (const s of shards) {
    if (s.dir === target.dir) throw new ResultsError(`${s.dir} is both a shard and the merge target`);
    if (!existsSync(s.vitestJson) || !existsSync(s.runInfo)) throw new ResultsError(`no run results in ${s.dir}: did that shard's run end?`);
    if (!existsSync(s.vitestBlob)) throw new ResultsError(`no vitest blob report in ${s.dir}: merge-reports merges runs made with --shard i/n`);
  }
  const drift = driftPaths(target.dir);
  for (const p of [target.allureResults, target.html, target.exchanges, target.har, target.attempts, target.vitestJson, target.vitestBlob, target.junit, target.summary, target.rules, drift.json, drift.text]) {
    rmSync(p, { recursive: true, force: true });
  }
  mkdirSync(target.allureResults, { recursive: true });

  const infos = shards.map((s) => readJson<RunInfo>(s.runInfo));
  await mergeVitestResults(shards.map((s) => s.vitestBlob), target.vitestJson, output);
  for (const s of shards) copyAllureResults(s.allureResults, target.allureResults);
  concatenate(shards.map((s) => s.exchanges), target.exchanges);
  concatenate(shards.map((s) => s.attempts), target.attempts);

  const only = INTERFACES.filter((name) => infos.some((i) => i.only.includes(name))) as InterfaceName[];
  const info: RunInfo = {
    targets: Object.assign({}, ...infos.map((i) => i.targets)) as Record<string, string>,
    only,
    seed: infos[0]!.seed,
    depth: infos[0]!.depth,
    // Shards run side by side: the run took as long as its slowest shard.
    wallMs: Math.max(...infos.map((i) => i.wallMs)),
    expectationsFiles: infos[0]!.expectationsFiles,
    expectations: infos[0]!.expectations,
    shard: `merged from ${shards.length} shard(s): ${shards.map((s, i) => infos[i]!.shard ?? resolve(s.dir)).join(', ')}`,
    profile: infos[0]!.profile,
    unhandledErrors: infos.flatMap((i) => i.unhandledErrors ?? []),
    ...(infos[0]!.minEvaluated !== undefined ? { minEvaluated: infos[0]!.minEvaluated } : {}),
  };
  writeFileSync(target.runInfo, JSON.stringify(info, null, 2));
  const found = shards.map((s) => readDriftData(s.dir)).filter((d): d is DriftData => d !== undefined);
  const kept = pickDrift(found);
  if (kept) writeFileSync(drift.json, JSON.stringify(kept, null, 2));
}
