import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { INTERFACES, type InterfaceName } from '../../specs/load-spec.ts';
import { driftPaths, readDriftData, type DriftData } from '../drift/drift-report.ts';
import { reportPaths, type RunInfo } from './build-report.ts';
import { ResultsError } from './test-outcomes.ts';

interface VitestJson {
  testResults: unknown[];
  success?: boolean;
  startTime?: number;
  [key: string]: unknown;
}

function readJson<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    throw new ResultsError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

/** vitest's JSON report of all shards: test files concatenated, counters summed. */
function mergeVitestJson(parts: VitestJson[]): VitestJson {
  const merged: VitestJson = { testResults: [], success: true };
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key.startsWith('num') && typeof value === 'number') merged[key] = ((merged[key] as number | undefined) ?? 0) + value;
    }
    merged.testResults.push(...(part.testResults ?? []));
    merged.success = merged.success && part.success !== false;
    if (typeof part.startTime === 'number') merged.startTime = Math.min(merged.startTime ?? Infinity, part.startTime);
  }
  return merged;
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
 * Merges the results of `run --shard i/n` runs (vitest JSON, allure results, exchange and attempt
 * logs, run info, drift) into one report directory, ready for buildReport (which writes the JUnit).
 */
export function mergeShardResults(shardDirs: string[], into: string): void {
  const shards = shardDirs.map((d) => reportPaths(d));
  const target = reportPaths(into);
  for (const s of shards) {
    if (s.dir === target.dir) throw new ResultsError(`${s.dir} is both a shard and the merge target`);
    if (!existsSync(s.vitestJson) || !existsSync(s.runInfo)) throw new ResultsError(`no run results in ${s.dir}: did that shard's run end?`);
  }
  const drift = driftPaths(target.dir);
  for (const p of [target.allureResults, target.html, target.exchanges, target.har, target.attempts, target.vitestJson, target.junit, target.summary, target.rules, drift.json, drift.text]) {
    rmSync(p, { recursive: true, force: true });
  }
  mkdirSync(target.allureResults, { recursive: true });

  const infos = shards.map((s) => readJson<RunInfo>(s.runInfo));
  writeFileSync(target.vitestJson, JSON.stringify(mergeVitestJson(shards.map((s) => readJson<VitestJson>(s.vitestJson)))));
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
    expectationsFile: infos[0]!.expectationsFile,
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
