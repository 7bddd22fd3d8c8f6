// `node --import ./tests/support/record-loads.mjs PROGRAM` with LOADS_FILE=path: appends the URL of
// each module the program loads (ES modules, and CommonJS ones imported from them) to that file.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

// This file is also the hooks module, loaded again in the loader's own thread.
if (isMainThread) register(import.meta.url, { data: process.env.LOADS_FILE });

let file;

export function initialize(data) {
  file = data;
}

export async function load(url, context, next) {
  appendFileSync(file, `${url}\n`);
  return next(url, context);
}
