// Loads a CommonJS script with V8's code cache: Node 20 keeps no compiled code between processes for
// ES modules, so a large bundle (the HTML writer's allure packages, 3 MB) is parsed and compiled anew
// by every run. The cache is V8's compiled code of the script, its functions that ran included.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { cachedDataVersionTag } from 'node:v8';
import { Script } from 'node:vm';
import { threadId } from 'node:worker_threads';

/**
 * Runs the CommonJS script at `file` (its exports returned) with the compiled code an earlier load
 * kept beside it, if there is one for this very text: V8 checks the cache's version and flags but
 * of the source only its length, so the cache is named by a hash of the text, and by V8's tag of
 * its version and flags, so that processes with other flags (the CLI's, npm test's workers') each
 * keep their own instead of replacing each other's. `keep()` writes the cache when there was none
 * or V8 refused it; call it once the script's work is done, so the functions that work compiled are
 * in it. import() inside the script is not supported (V8 drops its callback from cached functions):
 * it fails the same with or without a cache.
 */
export function loadCodeCachedScript(file) {
  const source = readFileSync(file, 'utf8');
  const cacheFile = `${file}.${createHash('sha1').update(source).digest('hex').slice(0, 16)}.${cachedDataVersionTag().toString(16)}.v8-cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // None yet: this load compiles, and keep() writes one.
  }
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  const loaded = { exports: {} };
  script.runInThisContext().call(loaded.exports, loaded.exports, createRequire(file), loaded, file, dirname(file));
  const usedCache = cachedData !== undefined && !script.cachedDataRejected;
  return {
    exports: loaded.exports,
    usedCache,
    cacheFile,
    keep() {
      if (usedCache) return;
      // Through a temporary name, so a run starting meanwhile reads a whole cache or none. A folder
      // it may not write to (an installed package) leaves the cache out: it only saves time.
      const temporary = `${cacheFile}.${process.pid}-${threadId}.tmp`;
      try {
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        rmSync(temporary, { force: true });
      }
    },
  };
}
