// `npm run bench`: the speed and footprint figures of issues 17 and 27, each printed next to its target, on
// this machine (cores, load average and a fixed CPU loop's time printed first, the loop again last:
// the processor's speed, part of what moves the figures from one bench to the next).
// Every loop is bounded by a count or a time; every request goes to 127.0.0.1.
// `npm run bench -- --quick` leaves out the conformance runs; `-- --npm-test` adds a full `npm test`.
import { availableParallelism, loadavg } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { request } from 'undici';
import { loadSpec } from '../specs/load-spec.ts';
import { findOperation, responseSchema } from '../specs/operations.ts';
import { schemaChecker } from '../specs/schema-validator.ts';
import { queryArbitrary } from '../generators/requests/query-arbitrary.ts';
import { fixtureContractNames, loadVerificationSample } from '../fixtures/contracts/deployments.ts';
import { fixtureSamples } from '../src/samples/verification-sample.ts';
import { DEFAULTS } from '../src/config/run-config.ts';
import { formatTiming, timeRuns } from './measure.ts';
import { selfCheckScoreLine } from './self-check-score.ts';
import { measureCapacity } from './load-test.ts';
import { startDelayProxy } from './delay-proxy.ts';
import { cliStartFigures } from './cli-start.ts';
import { cpuLoopMs } from './cpu-loop.ts';
import { prepareReferenceCache, runConformance, runNpmTest, startReferenceProcess, type ConformanceRun, type ReferenceProcess } from './child-runs.ts';

const CORES = availableParallelism();
const print = (line: string) => process.stdout.write(`${line}\n`);
const load = () => `load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;

/** One figure next to its target: `within` says whether it meets it. */
function figure(name: string, value: string, target: string, within: boolean): void {
  print(`${name.padEnd(58)} ${value.padStart(16)}   target ${target.padEnd(12)} ${within ? 'met' : 'NOT MET'}   (${CORES} cores, ${load()})`);
}

async function getJson(url: string): Promise<unknown> {
  const res = await request(url);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  return res.body.json();
}

/** Fills every fixture contract's verification at once; resolves when all are accepted. */
async function submitVerifications(ref: ReferenceProcess): Promise<void> {
  await Promise.all(fixtureContractNames().map(async (name) => {
    const sample = loadVerificationSample(name);
    const { chainId, address, ...body } = sample;
    const res = await request(`${ref.baseUrl}/v2/verify/${chainId}/${address}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await res.body.dump();
  }));
}

/** Requests per second of the reference: one page asked again and again, and a new page each time. */
interface ReferenceCapacity { repeated: number; fresh: number }

async function referenceFigures(): Promise<ReferenceCapacity> {
  const ref = await startReferenceProcess();
  try {
    figure('reference start, database cached, to 1st answer (ms)', ref.startMs.toFixed(0), '<= 2000', ref.startMs <= 2000);
    const url = (path: string) => `${ref.baseUrl}/api/v1/${path}`;
    await getJson(url('transactions?limit=25'));
    const tx = await measureCapacity(url('transactions?limit=25'), { connections: 10, seconds: 5 });
    figure('capacity GET /transactions?limit=25, 10 conns (req/s)', tx.perSecond.toFixed(0), '>= 1500', tx.perSecond >= 1500 && tx.failed === 0);
    const schedules = await measureCapacity(url('schedules?limit=100'), { connections: 10, seconds: 5 });
    figure('capacity GET /schedules?limit=100, 10 conns (req/s)', schedules.perSecond.toFixed(0), '>= 500', schedules.perSecond >= 500 && schedules.failed === 0);
    // Every request a different page (never asked before): the database's own pace, without remembered answers.
    const fresh = await measureCapacity(ref.baseUrl, {
      connections: 10, seconds: 5, paths: (i) => `/api/v1/transactions?limit=25&timestamp=lt:${1_700_000_000 + (i % 400)}.${String(Math.floor(i / 400)).padStart(9, '0')}`,
    });
    print(`  (each request a new page: ${fresh.perSecond.toFixed(0)} req/s, p99 ${fresh.p99Ms} ms, ${fresh.failed} failed)`);

    const quiet = await measureCapacity(url('transactions?limit=25'), { connections: 1, seconds: 3 });
    const [busy] = await Promise.all([measureCapacity(url('transactions?limit=25'), { connections: 1, seconds: 3 }), submitVerifications(ref)]);
    figure('query p99 latency while contracts compile (ms)', `${busy.p99Ms} (idle ${quiet.p99Ms})`, '< 80', busy.p99Ms < 80);
    return { repeated: tx.perSecond, fresh: fresh.perSecond };
  } finally {
    await ref.close();
  }
}

/**
 * A fresh clone: `npm ci` builds the database dump (the `prepare` script), then the first start
 * loads it. Also timed: a start that finds no dump at all (`npm ci --ignore-scripts`), which builds it.
 */
async function coldStart(): Promise<void> {
  const cache = mkdtempSync(join(tmpdir(), 'bench-cache-'));
  const none = mkdtempSync(join(tmpdir(), 'bench-cache-'));
  try {
    const prepared = await prepareReferenceCache({ REFERENCE_CACHE_DIR: cache });
    const ref = await startReferenceProcess({ REFERENCE_CACHE_DIR: cache });
    await ref.close();
    figure('reference start on a fresh clone, to 1st answer (ms)', ref.startMs.toFixed(0), '<= 2000', ref.startMs <= 2000 && prepared.exitCode === 0);
    const building = await startReferenceProcess({ REFERENCE_CACHE_DIR: none });
    await building.close();
    print(`  (npm ci's prepare step built the dump in ${prepared.wallS.toFixed(1)} s, exit ${prepared.exitCode}; a start without it builds it: ${building.startMs.toFixed(0)} ms)`);
  } finally {
    rmSync(none, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
}

/** A run that did not pass is no measurement of a working suite: say why, from its own summary. */
function explainFailure(name: string, run: ConformanceRun): void {
  if (run.exitCode !== 0) print(`  (${name} exited ${run.exitCode}:\n${run.summary.split('\n').slice(0, 30).map((l) => `    ${l}`).join('\n')})`);
}

function peakOf(run: ConformanceRun): { mib: number; command: string } {
  const top = [...run.peaks].sort((a, b) => b.peakMiB - a.peakMiB)[0];
  return { mib: top?.peakMiB ?? 0, command: top?.command ?? 'n/a (no /proc)' };
}

function sameVerdicts(a: ConformanceRun, b: ConformanceRun): string[] {
  return [...a.verdicts].filter(([id, verdict]) => b.verdicts.get(id) !== verdict).map(([id, verdict]) => `${id}: ${verdict} -> ${b.verdicts.get(id)}`);
}

async function conformanceFigures(capacity: ReferenceCapacity): Promise<void> {
  const seed = ['--seed', '20261124'];
  const main = await runConformance(seed);
  figure('main job wall, embedded reference (s)', main.wallS.toFixed(1), '<= 15', main.wallS <= 15 && main.exitCode === 0);
  print(`  (exit ${main.exitCode}, ${main.requests} requests, ${main.rulesJudged} rules judged, ${main.cpuS.toFixed(1)} s of CPU)`);
  explainFailure('the main job', main);
  const peak = peakOf(main);
  figure('main job peak RSS of its largest process (MiB)', peak.mib.toFixed(0), '<= 400', peak.mib <= 400);
  // Every process of the run: the CLI, vitest's worker, the embedded reference and its compiler jobs.
  for (const p of [...main.peaks].sort((a, b) => b.peakMiB - a.peakMiB)) print(`  (${p.peakMiB.toFixed(0).padStart(5)} MiB  ${p.command})`);
  const overhead = main.wallS / (main.requests / capacity.repeated);
  figure('suite overhead: wall / (requests / capacity)', overhead.toFixed(2), '<= 1.5', overhead <= 1.5);
  print(`  (against the new-page capacity, ${capacity.fresh.toFixed(0)} req/s: ${(main.wallS / (main.requests / capacity.fresh)).toFixed(2)})`);

  const status = await medianRun(['--only', 'status', ...seed]);
  figure('--only status, embedded reference: wall (s), median of 5', status.wallS.toFixed(2), '<= 2.0', status.wallS <= 2 && status.exitCode === 0);
  print(`  (${status.cpuS.toFixed(2)} s of CPU, the reference's included)`);
  explainFailure('--only status', status);
  // A machine's first run, as in a fresh CI job: a temporary directory with nothing remembered in it.
  const machine = mkdtempSync(join(tmpdir(), 'bench-first-run-'));
  const first = await runConformance(['--only', 'status', ...seed], undefined, { TMPDIR: machine });
  rmSync(machine, { recursive: true, force: true });
  figure("--only status, embedded, a machine's first run: wall (s)", first.wallS.toFixed(2), '<= 2.0', first.wallS <= 2 && first.exitCode === 0);
  print(`  (${first.cpuS.toFixed(2)} s of CPU)`);
  explainFailure("--only status on a machine's first run", first);
  await standaloneStatusFigures(seed);
  const verify = await runConformance(['--only', 'verify', ...seed]);
  figure('--only verify wall (s)', verify.wallS.toFixed(1), '<= 50', verify.wallS <= 50 && verify.exitCode === 0);
  explainFailure('--only verify', verify);

  // The reference given as a target, once directly and once 200 ms away behind the delay proxy: a
  // fresh reference each time (a contract verifies once), with its contracts as verification samples.
  // Both on loopback, so both are told the worker count a distant target gets by default.
  const samples = writeReferenceSamples(mkdtempSync(join(tmpdir(), 'bench-samples-')));
  const against = async (delayMs: number): Promise<ConformanceRun> => {
    const ref = await startReferenceProcess();
    const proxy = delayMs ? await startDelayProxy(ref.baseUrl, delayMs) : undefined;
    const base = proxy?.url ?? ref.baseUrl;
    try {
      return await runConformance(['--base-url', base, '--status-url', `${base}/status/api/v2`, '--verify-url', base, '--verify-samples', samples, '--workers', String(DEFAULTS.remoteWorkers), ...seed]);
    } finally {
      await proxy?.close();
      await ref.close();
    }
  };
  // Pairs taken in turn, and their median ratio: a single pair moves with the host's load (2.51 and
  // 1.71 in two benches a round apart, the code between them all but the same).
  const pairs: Array<{ near: ConformanceRun; far: ConformanceRun; ratio: number }> = [];
  for (let i = 0; i < LATENCY_PAIRS; i++) {
    const near = await against(0);
    const far = await against(200);
    pairs.push({ near, far, ratio: far.wallS / near.wallS });
    if (near.exitCode !== 0 || far.exitCode !== 0) break;
  }
  const failed = pairs.find((p) => p.near.exitCode !== 0 || p.far.exitCode !== 0);
  const { near, far, ratio } = failed ?? [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)];
  figure(`run 200 ms away / run nearby, --workers ${DEFAULTS.remoteWorkers} (wall ratio), median of ${pairs.length} pairs`, `${ratio.toFixed(2)} (${far.wallS.toFixed(0)}/${near.wallS.toFixed(0)} s)`, '<= 2', !failed && ratio <= 2);
  print(`  (each pair: ${pairs.map((p) => `${p.ratio.toFixed(2)} (${p.far.wallS.toFixed(1)}/${p.near.wallS.toFixed(1)} s)`).join(', ')})`);
  explainFailure('the run nearby', near);
  explainFailure('the run 200 ms away', far);
  const changed = sameVerdicts(near, far);
  print(`  (nearby exit ${near.exitCode}, ${near.requests} requests, ${near.rulesJudged} rules judged; 200 ms away exit ${far.exitCode}, ${far.requests} requests, ${far.rulesJudged} rules judged; verdicts ${changed.length ? `differ: ${changed.join('; ')}` : 'identical'})`);
}

/** Nearby and 200 ms away runs of the latency figure, taken in turn. */
const LATENCY_PAIRS = 3;

/** The median run of five by wall time, after one run that warms the caches; a failed run is returned at once. */
async function medianRun(args: string[]): Promise<ConformanceRun> {
  const warm = await runConformance(args);
  if (warm.exitCode !== 0) return warm;
  const runs: ConformanceRun[] = [];
  for (let i = 0; i < 5; i++) {
    const run = await runConformance(args);
    if (run.exitCode !== 0) return run;
    runs.push(run);
  }
  return runs.sort((a, b) => a.wallS - b.wallS)[2]!;
}

// Issue 27's side-by-side figures of a spec-driven fuzzer (Schemathesis 4.25, --checks all, 72 cases
// over the eight documents) against the same standalone status server, on a 2-core machine. The
// fuzzer comes from PyPI, which this machine does not reach: its figures stand as the target.
const FUZZER = { wallS: 1.5, cpuS: 1.5 };

/** `--only status` against a status server of its own, the way a user points the suite at theirs. */
async function standaloneStatusFigures(seed: string[]): Promise<void> {
  const server = await startReferenceProcess({}, ['--status-only']);
  try {
    const run = await medianRun(['--only', 'status', '--status-url', `${server.baseUrl}/status/api/v2`, ...seed]);
    figure('--only status, standalone status server: wall (s), median of 5', run.wallS.toFixed(2), `<= ${FUZZER.wallS} (fuzzer)`, run.wallS <= FUZZER.wallS && run.exitCode === 0);
    figure('--only status, standalone status server: CPU (s)', run.cpuS.toFixed(2), `<= ${FUZZER.cpuS} (fuzzer)`, run.cpuS <= FUZZER.cpuS);
    print(`  (exit ${run.exitCode}, ${run.requests} requests, ${run.rulesJudged} rules judged)`);
    explainFailure('--only status against the standalone server', run);
  } finally {
    await server.close();
  }
}

/** The samples the embedded default gives itself, as a --verify-samples file for the reference given by URL. */
function writeReferenceSamples(dir: string): string {
  const path = join(dir, 'reference-samples.json');
  writeFileSync(path, JSON.stringify(fixtureSamples(DEFAULTS.verifyChainId).map(({ source: _source, ...sample }) => sample)));
  return path;
}

async function partFigures(): Promise<void> {
  const page = await (async () => {
    const ref = await startReferenceProcess();
    try {
      return await getJson(`${ref.baseUrl}/api/v1/transactions?limit=100`);
    } finally {
      await ref.close();
    }
  })();
  const op = findOperation(await loadSpec('ledger-query'), 'listTransactions');
  const check = schemaChecker(responseSchema(op, 200)!);
  print(formatTiming('validate a 100-transaction page (ajv)', await timeRuns(500, () => check(page)), 'pages'));
  const arbitrary = queryArbitrary(op, { invalid: 2 });
  print(formatTiming('generate 100 transaction queries (2 invalid)', await timeRuns(20, (i) => fc.sample(arbitrary, { numRuns: 100, seed: i })), 'batches'));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--quick' && a !== '--npm-test');
  if (unknown.length) throw new Error(`unknown argument ${unknown[0]} (usage: npm run bench -- [--quick] [--npm-test])`);
  print(`bench on ${CORES} cores, ${load()}; a fixed CPU loop took ${cpuLoopMs().toFixed(0)} ms`);
  await cliStartFigures(figure);
  const capacity = await referenceFigures();
  await coldStart();
  if (!args.includes('--quick')) await conformanceFigures(capacity);
  if (args.includes('--npm-test')) {
    const test = await runNpmTest();
    figure('npm test wall (s)', `${test.wallS.toFixed(0)} (exit ${test.exitCode})`, '<= 180', test.wallS <= 180 && test.exitCode === 0);
  }
  await partFigures();
  print(selfCheckScoreLine());
  print(`the fixed CPU loop at the end: ${cpuLoopMs().toFixed(0)} ms`);
}

main().catch((error: Error) => {
  process.stderr.write(`bench failed: ${error.message}\n`);
  process.exitCode = 1;
});
