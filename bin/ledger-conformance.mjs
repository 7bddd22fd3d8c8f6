#!/usr/bin/env node
// The CLI runs compiled JavaScript (dist/): in the repository the copy is brought up to date with the
// sources first (scripts/runtime-build.mjs, a quick check unless a source changed); the installed
// package carries it ready.
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

if (existsSync(new URL('../src/cli/main.ts', import.meta.url))) {
  const { ensureRuntimeBuild } = await import('../scripts/runtime-build.mjs');
  try {
    await ensureRuntimeBuild();
  } catch (error) {
    process.stderr.write(`ledger-conformance: the sources could not be compiled: ${error.message}\n`);
    process.exit(1);
  }
}
// Before the run's modules load and its worker threads start: V8's flags are the whole process's.
setFlagsFromString((await import('../dist/src/cli/tier-up-late.js')).CLI_V8_FLAGS);
await import('../dist/src/cli/main.js');
