#!/usr/bin/env node
// Builds the installable package into dist/: the TypeScript compiled to JavaScript with declarations
// (tsconfig.build.json), and beside it the files the code reads at run time (specs, fixtures, SQL,
// the allure settings), in the repository's layout so every relative path still holds.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const COMPILED = ['specs', 'src', 'suites', 'generators', 'reference', 'fixtures'];
// Not needed at run time: caches, notes for contributors, the project's own tests.
const LEFT_OUT = new Set(['.cache', 'README.md', 'test', 'test-support']);

rmSync(DIST, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
if (compiled.status !== 0) {
  process.stderr.write('build-package: tsc failed\n');
  process.exit(1);
}

function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (LEFT_OUT.has(name)) continue;
    if (statSync(path).isDirectory()) copyAssets(path);
    else if (!name.endsWith('.ts')) cpSync(path, join(DIST, relative(ROOT, path)));
  }
}
for (const folder of COMPILED) copyAssets(join(ROOT, folder));
cpSync(join(ROOT, 'allurerc.mjs'), join(DIST, 'allurerc.mjs'));
process.stdout.write(`build-package: wrote ${relative(process.cwd(), DIST) || '.'}\n`);
