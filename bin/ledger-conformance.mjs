#!/usr/bin/env node
// In the repository the CLI is TypeScript run through tsx; the installed package carries it
// compiled under dist/ (npm run build) and runs on plain Node.
import { existsSync } from 'node:fs';

const sources = new URL('../src/cli/main.ts', import.meta.url);
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(sources.href);
} else {
  await import('../dist/src/cli/main.js');
}
