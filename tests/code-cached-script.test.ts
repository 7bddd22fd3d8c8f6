// A CommonJS script loaded with V8's code cache (src/report/code-cached-script.mjs): the first load
// keeps the compiled code, later loads use it, and a cache never stands for another text, even one
// of the same length (V8 itself compares only the length). A cache that cannot be used or written
// costs time, never the run. Each load is on a thread of its own, as a run's is: within one V8
// isolate a script of the same text compiles from V8's in-memory cache, never from the file.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { loadCodeCachedScript } from '../src/report/code-cached-script.mjs';
import { tempDir } from './production/cli-helpers.ts';

interface ThreadLoad {
  usedCache: boolean;
  said: string;
}

/** Loads `file` on a new thread and calls its `say`, then keeps the cache: what the load used and what the script said. */
function loadOnThread(file: string): Promise<ThreadLoad> {
  const code = `const { parentPort, workerData } = require('node:worker_threads');
import(workerData.module).then(({ loadCodeCachedScript }) => {
  const script = loadCodeCachedScript(workerData.file);
  const said = script.exports.say();
  script.keep();
  parentPort.postMessage({ usedCache: script.usedCache, said });
});`;
  const thread = new Worker(code, { eval: true, workerData: { file, module: new URL('../src/report/code-cached-script.mjs', import.meta.url).href } });
  return new Promise((resolve, reject) => {
    thread.once('message', (load: ThreadLoad) => void thread.terminate().then(() => resolve(load)));
    thread.once('error', reject);
  });
}

/** A script whose exported function says `word`: its text has the same length for words of the same length. */
const scriptSaying = (word: string) => `const { join } = require('node:path');\nexports.say = () => join('said', ${JSON.stringify(word)});\n`;

const cachesIn = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.v8-cache'));

describe('a script loaded with V8 code cache', () => {
  it('compiles and keeps the cache on the first load, and uses it on the next', async () => {
    const dir = tempDir('code-cache');
    const file = join(dir, 'script.cjs');
    writeFileSync(file, scriptSaying('first'));
    expect(await loadOnThread(file)).toEqual({ usedCache: false, said: join('said', 'first') });
    expect(cachesIn(dir)).toHaveLength(1);
    const written = statSync(join(dir, cachesIn(dir)[0]!)).mtimeMs;
    expect(await loadOnThread(file)).toEqual({ usedCache: true, said: join('said', 'first') });
    // A used cache is not written again.
    expect(statSync(join(dir, cachesIn(dir)[0]!)).mtimeMs).toBe(written);
  });

  it('runs an edited script of the same length as edited, never from the cache of the old text', async () => {
    const dir = tempDir('code-cache-edited');
    const file = join(dir, 'script.cjs');
    writeFileSync(file, scriptSaying('older'));
    await loadOnThread(file);
    writeFileSync(file, scriptSaying('newer'));
    expect(await loadOnThread(file)).toEqual({ usedCache: false, said: join('said', 'newer') });
    expect(cachesIn(dir)).toHaveLength(2);
  });

  it('compiles anew over a cache V8 refuses, and replaces it', async () => {
    const dir = tempDir('code-cache-refused');
    const file = join(dir, 'script.cjs');
    writeFileSync(file, scriptSaying('value'));
    await loadOnThread(file);
    writeFileSync(join(dir, cachesIn(dir)[0]!), 'not a code cache');
    expect(await loadOnThread(file)).toEqual({ usedCache: false, said: join('said', 'value') });
    expect(await loadOnThread(file)).toEqual({ usedCache: true, said: join('said', 'value') });
  });

  it('keeps a cache per set of V8 flags: a process with other flags neither uses nor replaces this one\'s', async () => {
    const dir = tempDir('code-cache-flags');
    const file = join(dir, 'script.cjs');
    writeFileSync(file, scriptSaying('flags'));
    await loadOnThread(file);
    const [ours] = cachesIn(dir);
    const written = statSync(join(dir, ours!)).mtimeMs;
    // A budget no process of the project sets: flags unlike this process's, as the CLI's are unlike npm test's workers'.
    const module = new URL('../src/report/code-cached-script.mjs', import.meta.url).href;
    const other = spawnSync(process.execPath, ['--interrupt-budget=123456', '--input-type=module', '-e', `const s = (await import(${JSON.stringify(module)})).loadCodeCachedScript(${JSON.stringify(file)}); s.keep(); console.log(s.usedCache);`], { encoding: 'utf8', timeout: 30_000 });
    expect(other.stdout.trim()).toBe('false');
    expect(cachesIn(dir)).toHaveLength(2);
    expect(statSync(join(dir, ours!)).mtimeMs).toBe(written);
    expect(await loadOnThread(file)).toEqual({ usedCache: true, said: join('said', 'flags') });
  });

  it('runs without a cache where none can be written, and leaves nothing behind', () => {
    const dir = tempDir('code-cache-unwritable');
    const file = join(dir, 'script.cjs');
    writeFileSync(file, scriptSaying('plain'));
    const loaded = loadCodeCachedScript(file);
    // The cache's name taken by a folder: the rename onto it fails as an unwritable place would.
    mkdirSync(loaded.cacheFile);
    expect(() => loaded.keep()).not.toThrow();
    expect(readdirSync(dir).sort()).toEqual([loaded.cacheFile.slice(dir.length + 1), 'script.cjs'].sort());
    expect(loadCodeCachedScript(file).exports.say()).toBe(join('said', 'plain'));
  });
});
