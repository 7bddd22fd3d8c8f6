// Helpers for the production-mode self-tests: run the CLI (in this process or as a child process),
// and put small loopback servers in front of the reference server to break, throttle or observe it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { cliMain as CliMain } from '../../src/cli/cli-main.ts';
import { DIST, ensureRuntimeBuild } from '../../scripts/runtime-build.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(ROOT, 'bin', 'ledger-conformance.mjs');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Text written to a stream. */
class TextSink extends Writable {
  text = '';

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

let upToDate: Promise<unknown> | undefined;

/**
 * A module of the compiled copy the CLI runs (`src/cli/cli-main.js`, say), brought up to date first
 * as bin/ledger-conformance.mjs does (once per test process); Node loads it (vitest.config.ts leaves dist/ to it).
 */
export async function importCompiled<T>(path: string): Promise<T> {
  await (upToDate ??= ensureRuntimeBuild());
  return (await import(pathToFileURL(join(DIST, path)).href)) as T;
}

/**
 * Runs `ledger-conformance ARGS` to its end in this process and returns its exit code and what it
 * printed: the CLI's own entry (src/cli/cli-main.ts) with the output and environment a child gets.
 * A child spent about half a second of CPU starting Node and loading vite and vitest, once per
 * run. What only a process shows (its exit, signals, stray output), and timing measured at a server
 * in this process, which the run's own work here would skew, are runCliProcess's to test.
 */
export async function runCli(args: string[], timeoutMs = 120_000): Promise<CliResult> {
  const { cliMain: main } = await importCompiled<{ cliMain: typeof CliMain }>('src/cli/cli-main.js');
  const stdout = new TextSink();
  const stderr = new TextSink();
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`ledger-conformance ${args.join(' ')} did not end within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const code = await Promise.race([main(args, { stdout, stderr, env: cliEnv() }), overdue]);
    return { code, stdout: stdout.text, stderr: stderr.text };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `ledger-conformance ARGS` as a child process to its end (bounded by a kill timer) and returns what it printed. */
export function runCliProcess(args: string[], timeoutMs = 120_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * The environment of a CLI child: targets and headers come from the arguments only, never from
 * the environment of whoever runs the tests (vite itself sets BASE_URL=/ in it).
 */
export function cliEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of ['BASE_URL', 'STATUS_URL', 'VERIFY_URL', 'CONFORMANCE_HEADERS', 'CONFORMANCE_CONFIG']) delete env[name];
  return env;
}

/** Starts `ledger-conformance ARGS`. */
export function spawnCli(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: cliEnv() });
}

/**
 * A gate that lets at most `n` tasks run at once and queues the rest in order: a test file runs its
 * independent CLI children side by side, but no more than the cores can serve.
 */
export function concurrencyLimit(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= n) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `lc-${prefix}-`));
}

/** Every file below a directory, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export interface ProxyAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface ProxyHooks {
  /** Answers instead of the upstream server (the n-th request counts from 1), or undefined to forward. */
  intercept?(req: IncomingMessage, n: number): ProxyAnswer | undefined;
  /** Rewrites a forwarded answer. */
  rewrite?(req: IncomingMessage, answer: ProxyAnswer): ProxyAnswer;
}

export interface LoopbackProxy {
  url: string;
  log: Array<{ method: string; url: string; at: number; status: number; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

/** A loopback HTTP server in front of `upstream` that can answer for it or rewrite its answers. */
export async function startProxy(upstream: string, hooks: ProxyHooks = {}): Promise<LoopbackProxy> {
  const log: LoopbackProxy['log'] = [];
  let n = 0;
  const send = (req: IncomingMessage, res: ServerResponse, answer: ProxyAnswer) => {
    log.push({ method: req.method ?? '', url: req.url ?? '', at: Date.now(), status: answer.status, headers: req.headers });
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  };
  const server = createServer((req, res) => {
    const at = ++n;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const own = hooks.intercept?.(req, at);
      if (own) return send(req, res, own);
      const up = httpRequest(new URL(req.url ?? '/', upstream), { method: req.method, headers: { ...req.headers, host: new URL(upstream).host } }, (upRes) => {
        const body: Buffer[] = [];
        upRes.on('data', (c: Buffer) => body.push(c));
        upRes.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(upRes.headers)) if (typeof v === 'string' && !['content-length', 'transfer-encoding', 'connection'].includes(k)) headers[k] = v;
          const answer = { status: upRes.statusCode ?? 502, headers, body: Buffer.concat(body).toString('utf8') };
          send(req, res, hooks.rewrite ? hooks.rewrite(req, answer) : answer);
        });
      });
      up.on('error', () => send(req, res, { status: 502, body: '{"error":"upstream unreachable"}' }));
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

/** Rule rows as `rules.json` holds them. */
export interface RuleRowJson {
  id: string;
  verdict: string;
  source: string;
  expectation?: { rule: string; expires: string };
  tests: Array<{ status: string; reason?: string }>;
}

export function ruleRows(reportDir: string): Map<string, RuleRowJson> {
  const doc = readJson<{ rules: RuleRowJson[] }>(join(reportDir, 'rules.json'));
  return new Map(doc.rules.map((r) => [r.id, r]));
}
