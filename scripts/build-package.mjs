#!/usr/bin/env node
// Builds the installable package into dist/: the JavaScript the CLI runs (scripts/runtime-build.mjs,
// with the files the code reads at run time beside it, in the repository's layout so every relative
// path still holds), and the declarations of the package's exports (tsconfig.build.json).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { DIST, ensureRuntimeBuild } from './runtime-build.mjs';

// Brought up to date in place, never removed first: CLI runs of the project's tests may be loading it meanwhile.
await ensureRuntimeBuild();
// TypeScript 7 exports no path to its bin script, only its package.json, whose `bin` names it.
const manifest = createRequire(import.meta.url).resolve('typescript/package.json');
const tsc = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.tsc);
const declared = spawnSync(process.execPath, [tsc, '-p', join(DIST, '..', 'tsconfig.build.json'), '--emitDeclarationOnly'], { stdio: 'inherit' });
if (declared.status !== 0) {
  process.stderr.write('build-package: tsc failed\n');
  process.exit(1);
}
process.stdout.write(`build-package: wrote ${relative(process.cwd(), DIST) || '.'}\n`);
