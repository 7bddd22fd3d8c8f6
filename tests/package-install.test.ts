// The package as a user gets it: `npm pack`, installed into an empty project (offline, from npm's
// cache, pinned by a lock file derived from ours), then the bin run on plain Node and the library imported.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineMemoPath } from '../specs/content-memo.ts';
import { DIST } from '../scripts/runtime-build.mjs';
import { ROOT } from './production/cli-helpers.ts';

const exec = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string>; exports: Record<string, { types: string } | string> };

/** The environment of the children: no target or credential leaks in from whoever runs the tests. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of ['BASE_URL', 'STATUS_URL', 'VERIFY_URL', 'CONFORMANCE_HEADERS', 'CONFORMANCE_CONFIG', 'NODE_OPTIONS']) delete env[name];
  return env;
}

/**
 * An empty project depending on the tarball, with a lock file that pins every other package to
 * the version our lock file holds: `npm ci --offline` then installs from npm's cache without a registry.
 */
function consumerProject(tarball: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'lc-consumer-'));
  const ours = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; link?: boolean }> };
  const dependency = `file:${tarball}`;
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies: { [pkg.name]: dependency } },
    [`node_modules/${pkg.name}`]: { version: pkg.version, resolved: dependency, dependencies: pkg.dependencies, bin: { [pkg.name]: 'bin/ledger-conformance.mjs' } },
  };
  for (const [path, entry] of Object.entries(ours.packages)) if (path && !entry.dev && !entry.link) packages[path] = entry;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { [pkg.name]: dependency } }));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ name: 'consumer', lockfileVersion: 3, requires: true, packages }));
  return dir;
}

describe('the packed package installed in an empty project', () => {
  let project: string;
  let installed: string;
  let bin: string;

  beforeAll(async () => {
    const packs = mkdtempSync(join(tmpdir(), 'lc-pack-'));
    // What a run of the compiled copy leaves in dist/ (vitest's cache of its last results) is no part
    // of the package: packing it also raced the runs of other tests writing it (npm pack failed on EOF).
    const leftover = join(DIST, 'node_modules', '.vite', 'vitest', 'lc-package-install');
    mkdirSync(leftover, { recursive: true });
    writeFileSync(join(leftover, 'results.json'), '{}');
    try {
      // npm pack runs the prepack build (the compiled code in dist/, the run-time files beside it, declarations).
      await exec('npm', ['pack', '--pack-destination', packs], { cwd: ROOT, env: childEnv() });
    } finally {
      rmSync(leftover, { recursive: true, force: true });
    }
    project = consumerProject(join(packs, `${pkg.name}-${pkg.version}.tgz`));
    await exec('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: project, env: childEnv() });
    installed = join(project, 'node_modules', pkg.name);
    bin = join(project, 'node_modules', '.bin', pkg.name);
  }, 200_000);

  it('ships JavaScript with declarations for every export, and no TypeScript sources to run', () => {
    expect(existsSync(join(installed, 'src'))).toBe(false);
    expect(existsSync(join(installed, 'dist', 'node_modules'))).toBe(false);
    expect(existsSync(join(installed, 'dist', 'src', 'cli', 'main.js'))).toBe(true);
    for (const target of Object.values(pkg.exports)) {
      if (typeof target !== 'string') expect(existsSync(join(installed, target.types)), target.types).toBe(true);
    }
  });

  it('prints its version from the bin on plain Node', async () => {
    const { stdout } = await exec(process.execPath, [bin, '--version'], { cwd: project, env: childEnv() });
    expect(stdout.trim()).toBe(pkg.version);
  });

  it('runs the status suite, --quiet, against its embedded loopback reference and passes, with nothing to work out on a first run', async () => {
    const reports = join(project, 'reports');
    // A machine that never ran it: the package's own memo (dist/content-memo/) holds what the contract takes to work out.
    const machine = mkdtempSync(join(tmpdir(), 'lc-first-run-'));
    const { stdout } = await exec(process.execPath, [bin, 'run', '--only', 'status', '--quiet', '--report-dir', reports], { cwd: project, env: { ...childEnv(), TMPDIR: machine }, timeout: 150_000 });
    const memo = machineMemoPath(machine);
    expect(existsSync(memo) ? readdirSync(memo) : []).toEqual([]);
    expect(stdout).toMatch(/^ledger-conformance: PASS \(exit 0\)$/m);
    expect(stdout).toMatch(/^status +\d+\/\d+ \(100%\) +[1-9]\d* +[1-9]\d* +0 /m);
    // --quiet: what the run points at, then the summary; no progress line, nor any line of vitest's own.
    const beforeSummary = stdout.slice(0, stdout.indexOf('ledger-conformance: PASS')).split('\n').filter((line) => line.trim() !== '');
    expect(beforeSummary).toEqual([expect.stringMatching(/^no target given: running against the embedded reference implementation at http:\/\/127\.0\.0\.1:\d+$/)]);
    expect(existsSync(join(reports, 'rules.json'))).toBe(true);
    // The HTML writer, bundled, found allure's files in this install.
    expect(JSON.parse(readFileSync(join(reports, 'html', 'tests', 'summary.json'), 'utf8'))).toMatchObject({ status: 'passed', stats: { passed: expect.any(Number) } });
  }, 160_000);

  it('lets code import the generators, the schema checker and the rule catalogue', async () => {
    const script = `
      import fc from 'fast-check';
      import { loadSpec, findOperation, queryArbitrary, entityIdArbitrary } from 'ledger-conformance/generators';
      import { schemaChecker } from 'ledger-conformance/schema';
      import { loadCatalogue } from 'ledger-conformance/rules';
      import { runConformance } from 'ledger-conformance';
      const op = findOperation(await loadSpec('ledger-query'), 'listSchedules');
      const queries = fc.sample(queryArbitrary(op), { numRuns: 5, seed: 7 });
      const ids = fc.sample(entityIdArbitrary(), { numRuns: 5, seed: 7 });
      const check = schemaChecker({ type: 'object', required: ['a'], properties: { a: { type: 'integer' } } });
      console.log(JSON.stringify({ queries: queries.length, ids, good: check({ a: 1 }).length, bad: check({ a: 'x' }).length, rules: loadCatalogue().size, runner: typeof runConformance }));`;
    const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: project, env: childEnv() });
    const out = JSON.parse(stdout) as { queries: number; ids: string[]; good: number; bad: number; rules: number; runner: string };
    expect(out).toMatchObject({ queries: 5, good: 0, runner: 'function' });
    expect(out.bad).toBeGreaterThan(0);
    expect(out.rules).toBeGreaterThanOrEqual(90);
    expect(out.ids.every((id) => /^\d+\.\d+\.\d+$/.test(id))).toBe(true);
  });
});
