// Issue 27: --help and a refused flag answer in a fraction of a second because they load no package
// and no command's code; `run` starts its work (the embedded reference) before any package loads.
// Each case runs the CLI with a hook that records every module it loads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT, cliEnv, concurrencyLimit, tempDir } from './production/cli-helpers.ts';

const RECORDER = join(ROOT, 'tests', 'support', 'record-loads.mjs');

/** The CLI from its sources, as bin/ledger-conformance.mjs runs them, with the modules it loaded. */
function cliLoads(args: string[]): Promise<{ code: number | null; stderr: string; loaded: string[] }> {
  const file = join(tempDir('cli-loads'), 'loads.txt');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', RECORDER, join(ROOT, 'src', 'cli', 'main.ts'), ...args], {
      cwd: ROOT,
      env: { ...cliEnv(), LOADS_FILE: file },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const loaded = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((url) => url.replace(`file://${ROOT}`, ''));
      resolve({ code, stderr, loaded });
    });
  });
}

const packagesOf = (loaded: string[]) => loaded.filter((url) => url.includes('node_modules/'));
const commandCodeOf = (loaded: string[]) => loaded.filter((url) => /^src\/cli\/[a-z-]+-command\.ts$/.test(url));

// Each case is one short CLI process: three at a time.
const slot = concurrencyLimit(3);

describe.concurrent('what the CLI loads before it answers', { timeout: 120_000 }, () => {
  it.each([[['--help']], [['run', '--help']]])('answers %j without any package or command code', async (args) => {
    const { code, loaded } = await slot(() => cliLoads(args));
    expect(code).toBe(0);
    expect(loaded).toContain('src/cli/main.ts');
    expect(packagesOf(loaded)).toEqual([]);
    expect(commandCodeOf(loaded)).toEqual([]);
  });

  it.each([
    [['run', '--no-such-flag'], 'unknown option "--no-such-flag" (see ledger-conformance run --help)'],
    [['merge-reports', '--into'], '--into needs a value'],
    [['self-check', '--jobs', '0'], '--jobs takes an integer of at least 1, got "0"'],
  ])('refuses %j with its usage error before the command loads', async (args, message) => {
    const { code, stderr, loaded } = await slot(() => cliLoads(args));
    expect([code, stderr]).toEqual([2, `ledger-conformance: ${message}\n`]);
    expect(packagesOf(loaded)).toEqual([]);
    expect(commandCodeOf(loaded)).toEqual([]);
  });

  it('reaches run\'s own checks of its values with no package loaded', async () => {
    // A report directory of its own: a refused run clears the verdict files there.
    const { code, stderr, loaded } = await slot(() => cliLoads(['run', '--timeout', 'soon', '--report-dir', tempDir('cli-loads-reports')]));
    expect([code, stderr]).toEqual([2, 'ledger-conformance: --timeout must be a positive integer, got "soon"\n']);
    expect(loaded).toContain('src/cli/run-command.ts');
    expect(packagesOf(loaded)).toEqual([]);
  });
});
