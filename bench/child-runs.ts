// The programs the bench times, each in its own process as a user would run them: a conformance
// run of the CLI and the reference server. Every child is bounded by a time limit.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleTreeRss } from './process-tree-rss.ts';
import { REFERENCE_NODE_FLAGS } from '../src/cli/embedded-reference.ts';
import { ensureRuntimeBuild } from '../scripts/runtime-build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ConformanceRun {
  wallS: number;
  /** CPU seconds of the run and all its processes (the CLI, vitest's worker, an embedded reference). */
  cpuS: number;
  exitCode: number | null;
  requests: number;
  rulesJudged: number;
  verdicts: Map<string, string>;
  peaks: Array<{ command: string; peakMiB: number }>;
  /** The run's summary.txt, kept to show why a run did not pass. */
  summary: string;
}

function waitExit(child: ChildProcess, limitMs: number, what: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${what} did not finish within ${limitMs / 1000} s`));
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** `ledger-conformance run` with `args`, reports in a temporary folder; wall time, requests, verdicts, peak RSS per process. */
export async function runConformance(args: string[], limitMs = 900_000, env: Record<string, string> = {}): Promise<ConformanceRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-run-'));
  try {
    const cpuFile = join(reportDir, 'cpu-seconds');
    const started = performance.now();
    const child = spawn(process.execPath, ['bench/with-cpu-time.mjs', process.execPath, 'bin/ledger-conformance.mjs', 'run', '--quiet', '--report-dir', reportDir, ...args], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, ...env, CPU_TIME_FILE: cpuFile } });
    const rss = sampleTreeRss(child.pid!);
    const exitCode = await waitExit(child, limitMs, `ledger-conformance run ${args.join(' ')}`);
    const wallS = (performance.now() - started) / 1000;
    const peaks = rss.stop();
    const rules = JSON.parse(readFileSync(join(reportDir, 'rules.json'), 'utf8')) as {
      requests: { requests: number }; rules: Array<{ id: string; verdict: string; evaluations: { held: number; violated: number } }>;
    };
    return {
      wallS,
      cpuS: Number(readFileSync(cpuFile, 'utf8')),
      exitCode,
      requests: rules.requests.requests,
      rulesJudged: rules.rules.filter((r) => r.evaluations.held + r.evaluations.violated > 0).length,
      verdicts: new Map(rules.rules.map((r) => [r.id, r.verdict])),
      peaks,
      summary: readFileSync(join(reportDir, 'summary.txt'), 'utf8'),
    };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

export interface ReferenceProcess {
  baseUrl: string;
  /** From spawning the process to its first answered request (a page of transactions). */
  startMs: number;
  pid: number;
  close(): Promise<void>;
}

/** The `prepare` step of `npm ci`: builds the reference's database dump into the cache `env` names. */
export async function prepareReferenceCache(env: Record<string, string> = {}, limitMs = 300_000): Promise<{ wallS: number; exitCode: number | null }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/db/prepare-ledger-cache.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
  const exitCode = await waitExit(child, limitMs, 'the prepare step');
  return { wallS: (performance.now() - started) / 1000, exitCode };
}

/**
 * The reference as the CLI starts it (compiled, with its node flags), in a child process (so load
 * generator and server do not share a thread); `env` adds variables, `args` the server's own
 * (`--status-only`: a standalone status server).
 */
export async function startReferenceProcess(env: Record<string, string> = {}, args: string[] = [], limitMs = 300_000): Promise<ReferenceProcess> {
  await ensureRuntimeBuild();
  const started = performance.now();
  // With an IPC channel the reference stops when this process goes, however it ends (reference/main.ts).
  const child = spawn(process.execPath, [...REFERENCE_NODE_FLAGS, 'dist/reference/main.js', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the reference did not start within ${limitMs / 1000} s`)), limitMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /(?:query service|status)\s+(http:\/\/[^\s/]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the reference exited (${code}) before it was ready`));
    });
  });
  const first = await fetch(`${baseUrl}${args.includes('--status-only') ? '/status/api/v2/summary.json' : '/api/v1/transactions?limit=25'}`);
  await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`the reference's first answer was ${first.status}`);
  return {
    baseUrl,
    startMs: performance.now() - started,
    pid: child.pid!,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `ledger-conformance ARGS` as a user types it, its output left unread: the exit code. */
export async function runCli(args: string[], limitMs = 30_000): Promise<number | null> {
  const child = spawn(process.execPath, ['bin/ledger-conformance.mjs', ...args], { cwd: ROOT, stdio: 'ignore' });
  return waitExit(child, limitMs, `ledger-conformance ${args.join(' ')}`);
}

/** `npm test` in full: its wall time and exit code. */
export async function runNpmTest(limitMs = 1_200_000): Promise<{ wallS: number; exitCode: number | null }> {
  const started = performance.now();
  const child = spawn('npm', ['test', '--silent'], { cwd: ROOT, stdio: 'ignore' });
  const exitCode = await waitExit(child, limitMs, 'npm test');
  return { wallS: (performance.now() - started) / 1000, exitCode };
}
