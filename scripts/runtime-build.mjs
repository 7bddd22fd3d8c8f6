// The compiled copy of the sources the CLI, the suites and the reference server run from (dist/):
// plain Node loads JavaScript several times faster than TypeScript through a loader, and a run
// spends most of its start-up loading modules. In the repository bin/ledger-conformance.mjs asks
// for it on every start; it is rebuilt only when a source file changed since the last build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledName, bundleEntry } from './bundle-entry.mjs';

const RECIPE = fileURLToPath(import.meta.url);
const ROOT = join(dirname(RECIPE), '..');
export const DIST = join(ROOT, 'dist');

/** What is compiled from where: the repository's layout unless a test builds a project of its own. */
const REPOSITORY = {
  root: ROOT,
  dist: DIST,
  folders: ['specs', 'src', 'suites', 'generators', 'reference', 'fixtures'],
  topFiles: ['vitest.config.ts', 'allurerc.mjs'],
  // Entries bundled with the packages they load into one CommonJS script each (.cjs beside them).
  bundled: ['src/report/allure-writer.mjs'],
  // The memo of the contract's own texts shipped with the code (specs/content-memo.ts reads it from
  // there), filled after each build by the compiled filler.
  shippedMemo: { dir: 'content-memo', filler: join('src', 'harness', 'fill-shipped-memo.js') },
};
const STAMP = '.runtime-build';
// Not needed at run time: caches, notes for contributors, the project's own tests (the suites are the product).
const LEFT_OUT = new Set(['.cache', 'README.md', 'test', 'test-support']);
const isOwnTest = (rel) => rel.endsWith('.test.ts') && !rel.startsWith(`suites${sep}`);

/** Every file the compiled copy is made from, relative to the root. */
function sourceFiles({ root, folders, topFiles }) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (LEFT_OUT.has(entry.name)) continue;
      const rel = join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (!isOwnTest(rel)) found.push(rel);
    }
  };
  folders.forEach(walk);
  return [...found, ...topFiles].sort();
}

// The recipe, and the lock file that fixes the versions of the packages the bundles hold.
const RECIPE_FILES = [RECIPE, ...['./bundle-entry.mjs', './offline-allure.mjs'].map((script) => fileURLToPath(new URL(script, import.meta.url)))];

/** Names, sizes and modification times of the sources, the recipe and the lock file: any edit changes it. */
function fingerprint(root, files) {
  const hash = createHash('sha256');
  const lock = join(root, 'package-lock.json');
  for (const path of [...files.map((rel) => join(root, rel)), ...RECIPE_FILES, ...(existsSync(lock) ? [lock] : [])]) {
    const { size, mtimeMs } = statSync(path);
    hash.update(`${relative(root, path)}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

// esbuild keeps import specifiers as written; Node needs the compiled files' own extension.
const RELATIVE_TS_IMPORT = /(\bfrom\s*|\bimport\s*\(?\s*)"(\.\.?\/[^"]*?)\.ts"/g;

/** Writes through a temporary name: a process starting meanwhile reads the old file or the new one, never half. */
function writeAtomically(path, content) {
  if (existsSync(path) && readFileSync(path).equals(Buffer.from(content))) return;
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

/**
 * Compiles the TypeScript, bundles the bundled entries, copies the files the code reads beside it,
 * and removes what no source produces any longer.
 */
async function build({ root, dist, shippedMemo, bundled = [] }, files) {
  const { build: esbuild } = await import('esbuild');
  const typescript = files.filter((rel) => rel.endsWith('.ts'));
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: typescript,
    outdir: dist,
    outbase: '.',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'silent',
  });
  const produced = new Set();
  for (const out of result.outputFiles) {
    const text = out.path.endsWith('.js') ? out.text.replace(RELATIVE_TS_IMPORT, '$1"$2.js"') : out.text;
    writeAtomically(out.path, text);
    produced.add(out.path);
  }
  for (const rel of bundled) {
    const target = join(dist, bundledName(rel));
    writeAtomically(target, await bundleEntry(root, rel));
    produced.add(target);
  }
  for (const rel of files.filter((f) => !f.endsWith('.ts') && !bundled.includes(f))) {
    const target = join(dist, rel);
    writeAtomically(target, readFileSync(join(root, rel)));
    produced.add(target);
  }
  removeLeftovers(dist, produced, shippedMemo?.dir);
}

/** Fills the shipped memo aside and puts it in place whole: a run meanwhile finds the old one, none, or the new one. */
function fillShippedMemo({ dist, shippedMemo }) {
  const target = join(dist, shippedMemo.dir);
  const aside = `${target}.${process.pid}.tmp`;
  rmSync(aside, { recursive: true, force: true });
  const filled = spawnSync(process.execPath, [join(dist, shippedMemo.filler), aside], { encoding: 'utf8' });
  if (filled.status !== 0) {
    rmSync(aside, { recursive: true, force: true });
    // Node prints an uncaught error's place and source line before the error itself.
    const lines = (filled.stderr || filled.error?.message || `exit ${filled.status}`).trim().split('\n');
    throw new Error(`filling the shipped memo failed: ${lines.find((line) => /^\w*Error\b/.test(line)) ?? lines[0]}`);
  }
  rmSync(target, { recursive: true, force: true });
  try {
    renameSync(aside, target);
  } catch {
    // Another build put its memo there first: the same texts, the same entries.
    rmSync(aside, { recursive: true, force: true });
  }
}

/** A compiled file whose source is gone (a deleted suite would otherwise still run); the package's declarations stay. */
function removeLeftovers(dir, produced, memoDir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // vitest keeps its results cache under the config's folder; the shipped memo (and one being
    // filled aside by a build running beside this one) comes after the build.
    if (entry.name === 'node_modules' || (memoDir && (entry.name === memoDir || entry.name.startsWith(`${memoDir}.`)))) continue;
    if (entry.isDirectory()) removeLeftovers(path, produced);
    else if (entry.name !== STAMP && !produced.has(path) && !/\.(d\.ts(\.map)?|tmp)$/.test(entry.name)) rmSync(path, { force: true });
  }
}

/**
 * Makes dist/ match the sources, building only when they changed. Concurrent callers are safe: each
 * writes the same files, each file atomically, and the stamp last.
 */
export async function ensureRuntimeBuild(layout = REPOSITORY) {
  const files = sourceFiles(layout);
  const wanted = fingerprint(layout.root, files);
  const stamp = join(layout.dist, STAMP);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return false;
  await build(layout, files);
  if (layout.shippedMemo) fillShippedMemo(layout);
  writeAtomically(stamp, wanted);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureRuntimeBuild().then(
    (built) => process.stdout.write(`runtime-build: dist/ ${built ? 'built' : 'already up to date'}\n`),
    (error) => {
      process.stderr.write(`runtime-build: ${error.message}\n`);
      process.exitCode = 1;
    },
  );
}
