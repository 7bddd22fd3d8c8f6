// The runner as a library (runConformance): several runs in one program, one after another, each
// with its own output and environment, and the program's exit code and environment left as they
// were. vitest sets both in the process it runs in; BASE_URL, which it sets to "/", would otherwise
// be read as the next run's target.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { DIST, ensureRuntimeBuild } from '../../scripts/runtime-build.mjs';
import { ROOT, cliEnv, tempDir } from './cli-helpers.ts';

/** A program that runs the argument lists in turn and prints what each returned and printed, and what the process was left with. */
const PROGRAM = `
import { Writable } from 'node:stream';
const { runConformance } = await import(process.env.RUNNER);
const signalHandlers = () => process.listenerCount('SIGINT') + process.listenerCount('SIGTERM');
const handlersBefore = signalHandlers();
const runs = [];
for (const args of JSON.parse(process.env.RUNS)) {
  let stdout = '';
  const sink = new Writable({ write: (chunk, _encoding, done) => { stdout += chunk; done(); } });
  // The process's own environment: what one run left in it is what the next one reads.
  const code = await runConformance(args, { stdout: sink }).catch((error) => error.message);
  runs.push({ code, summary: stdout.split('\\n').filter((line) => line.startsWith('ledger-conformance: ') || line.startsWith('reports: ')) });
}
console.log(JSON.stringify({ runs, exitCode: process.exitCode ?? null, baseUrl: process.env.BASE_URL ?? null, vitest: process.env.VITEST ?? null, signalHandlersAdded: signalHandlers() - handlersBefore }));
`;

interface ProgramOutput {
  runs: Array<{ code: number | string; summary: string[] }>;
  exitCode: number | null;
  baseUrl: string | null;
  vitest: string | null;
  signalHandlersAdded: number;
}

function runProgram(runs: string[][]): Promise<ProgramOutput> {
  const env: NodeJS.ProcessEnv = { ...cliEnv(), RUNNER: pathToFileURL(join(DIST, 'src', 'api', 'runner.js')).href, RUNS: JSON.stringify(runs) };
  for (const name of ['TEST', 'VITEST', 'NODE_ENV', 'MODE', 'DEV', 'PROD', 'SSR']) delete env[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', PROGRAM], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      // Its exit code is the one the runs left behind: the output says it.
      if (!out.trim()) reject(new Error(`the program exited ${code} with nothing printed: ${err}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1)!) as ProgramOutput);
    });
  });
}

describe('runConformance twice in one program', { timeout: 120_000 }, () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ statusOnly: true });
    await ensureRuntimeBuild();
  });
  afterAll(() => server?.close());

  it('gives each run its own verdict and output, and leaves the exit code and the environment as it found them', async () => {
    const failing = tempDir('library-failing');
    const passing = tempDir('library-passing');
    const output = await runProgram([
      ['--only', 'status', '--fault', 'status-indicator-unknown', '--no-html', '--quiet', '--seed', '5', '--depth', '3', '--report-dir', failing],
      ['--only', 'status', '--status-url', server.statusUrl, '--no-html', '--quiet', '--seed', '5', '--depth', '3', '--report-dir', passing],
    ]);
    expect(output.runs).toEqual([
      { code: 1, summary: ['ledger-conformance: FAIL (exit 1)', `reports: ${failing}/summary.txt, ${failing}/junit.xml, ${failing}/rules.json`] },
      { code: 0, summary: ['ledger-conformance: PASS (exit 0)', `reports: ${passing}/summary.txt, ${passing}/junit.xml, ${passing}/rules.json`] },
    ]);
    expect(output).toMatchObject({ exitCode: null, baseUrl: null, vitest: null, signalHandlersAdded: 0 });
  });

  it('leaves no handler of Ctrl-C or SIGTERM behind when a run is refused after its report directory was taken', async () => {
    // Refused while the embedded reference starts, and for want of a target: both after the run
    // set its handlers, which would later write INTERRUPTED into the directory and end the program.
    const output = await runProgram([
      ['--only', 'status', '--fault', 'no-such-fault', '--no-html', '--report-dir', tempDir('library-unknown-fault')],
      ['--only', 'status,ledger-query', '--status-url', server.statusUrl, '--no-html', '--report-dir', tempDir('library-no-target')],
    ]);
    expect(output.runs.map((r) => r.code)).toEqual([
      expect.stringMatching(/^unknown fault "no-such-fault"/),
      expect.stringMatching(/^no target for ledger-query/),
    ]);
    expect(output).toMatchObject({ exitCode: null, signalHandlersAdded: 0 });
  });
});
