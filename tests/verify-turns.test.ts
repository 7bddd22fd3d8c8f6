// Tests that declare why they take turns (src/harness/turns.ts) never run beside one another, in
// any worker of the run; a test that declares none runs beside them. A child vitest runs the
// conformance project in three workers with the run's coordinator (tests/support/turns/): the real
// job-sequences file, whose test submits a known sample, a stand-in test that takes turns and one
// that does not, against the reference behind a loopback target that records every request. Turns
// that name what they hold (ruleTest's `holds`) meet only on the addresses they share: the same
// file beside a stand-in holding its sample and one holding a refusal control's sites.
import { spawn } from 'node:child_process';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { buildRunConfig } from '../src/config/parse-args.ts';
import { resolveConfig } from '../src/harness/resolve-config.ts';
import { readVerificationSamples } from '../src/samples/verify-samples-file.ts';
import { ROOT, tempDir } from './production/cli-helpers.ts';
import { writeFixtureSamplesFile } from './status-verify/verify-samples.ts';

/** How long the recording target holds each stand-in request: long enough for the tests' runs of requests to meet. */
const HOLD_MS = 60;

interface Recorded {
  method: string;
  path: string;
  start: number;
  end: number;
}

interface RecordingTarget {
  url: string;
  log: Recorded[];
  close(): Promise<void>;
}

/** Answers /turns/... itself after HOLD_MS, forwards the rest to `upstream`; records when each request came and was answered. */
async function startRecordingTarget(upstream: string): Promise<RecordingTarget> {
  const log: Recorded[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const start = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, headers: Record<string, string>, body: Buffer | string) => {
        log.push({ method: req.method ?? '', path: req.url ?? '', start, end: Date.now() });
        res.writeHead(status, headers);
        res.end(body);
      };
      if (req.url?.startsWith('/turns/')) return void setTimeout(() => answer(200, { 'content-type': 'application/json' }, '{}'), HOLD_MS);
      const forward = request(new URL(req.url ?? '/', upstream), { method: req.method, headers: { ...req.headers, host: new URL(upstream).host } }, (up) => {
        const body: Buffer[] = [];
        up.on('data', (c: Buffer) => body.push(c));
        up.on('end', () => answer(up.statusCode ?? 502, Object.fromEntries(Object.entries(up.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'content-length' && e[0] !== 'connection')), Buffer.concat(body)));
      });
      forward.on('error', () => answer(502, {}, 'upstream unreachable'));
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The conformance project of tests/support/turns/ (or of its holds/) against `url`; resolves with vitest's exit code. */
function runTurnsProject(url: string, samplesFile: string, suites: 'lane' | 'holds' = 'lane'): Promise<number | null> {
  const dir = tempDir('verify-turns');
  const run = buildRunConfig({ '--verify-url': [url], '--only': ['verify'], '--seed': ['5'], '--depth': ['3'], '--report-dir': [dir], '--verify-samples': [samplesFile] }, {});
  const config = resolveConfig(run, { baseUrl: url, statusUrl: url, verifyUrl: url }, { embedded: false });
  const env: NodeJS.ProcessEnv = { ...process.env, CONFORMANCE_CONFIG: JSON.stringify(config), NO_COLOR: '1', TURNS_SUITES: suites };
  const args = [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'tests/support/turns/turns.vitest.config.ts'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** The requests a stand-in sent under /turns/NAME/. */
const underTurns = (log: Recorded[], name: string) => log.filter((r) => r.path.startsWith(`/turns/${name}/`));

/** The real job-sequences test's requests (all not under /turns/), once it is shown to have submitted a known sample. */
function realTestRequests(log: Recorded[], samplesFile: string): Recorded[] {
  const addresses = readVerificationSamples(samplesFile).map((s) => s.address.toLowerCase());
  const requests = log.filter((r) => !r.path.startsWith('/turns/'));
  expect(requests.some((r) => r.method === 'POST' && addresses.some((a) => r.path.toLowerCase().includes(a)))).toBe(true);
  return requests;
}

const span = (requests: Recorded[]) => ({ start: Math.min(...requests.map((r) => r.start)), end: Math.max(...requests.map((r) => r.end)) });
const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

let reference: ReferenceServer;
let target: RecordingTarget;
beforeAll(async () => {
  reference = await startReferenceServer();
  target = await startRecordingTarget(reference.verifyUrl);
});
afterAll(async () => {
  await target?.close();
  await reference?.close();
});

it('runs a test that submits a known sample and another that takes turns one after the other, and a test without turns beside them', async () => {
  const samplesFile = writeFixtureSamplesFile();
  await runTurnsProject(target.url, samplesFile);

  const lane = underTurns(target.log, 'lane');
  const beside = underTurns(target.log, 'beside');
  const sampleTest = realTestRequests(target.log, samplesFile);
  expect(lane).toHaveLength(40);
  expect(beside).toHaveLength(60);

  // The two tests that take turns: each wholly before or after the other.
  expect(overlap(span(lane), span(sampleTest))).toBe(false);
  // The test without turns had a request in flight while one of theirs was: files run side by
  // side, so without the turns the two above could have met the same way.
  expect(beside.some((b) => [...lane, ...sampleTest].some((r) => overlap(b, r)))).toBe(true);
}, 180_000);

it('runs turns on addresses apart side by side, and turns on the same samples one after the other', async () => {
  // A reference of its own: its samples not yet verified, so the real test's turn takes as long as in a run.
  const fresh = await startReferenceServer();
  const recording = await startRecordingTarget(fresh.verifyUrl);
  const samplesFile = writeFixtureSamplesFile();
  try {
    await runTurnsProject(recording.url, samplesFile, 'holds');
  } finally {
    await recording.close();
    await fresh.close();
  }
  const shared = underTurns(recording.log, 'shared');
  const apart = underTurns(recording.log, 'apart');
  const sampleTest = realTestRequests(recording.log, samplesFile);
  expect(shared).toHaveLength(40);
  expect(apart).toHaveLength(40);

  // The real test's turn and the stand-in's hold the same first samples: one wholly before the other.
  expect(overlap(span(shared), span(sampleTest))).toBe(false);
  // A control's sites are none of them: that turn had a request in flight while one of theirs was
  // (each file starts in a worker of its own, and no turn meets it).
  expect(apart.some((a) => [...shared, ...sampleTest].some((r) => overlap(a, r)))).toBe(true);
}, 180_000);
