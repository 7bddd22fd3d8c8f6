import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { boundedThreadsPool, WORKER_YOUNG_GENERATION_MB } from '../src/harness/bounded-threads-pool.ts';
import { tempDir } from './production/cli-helpers.ts';

const silent = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** Runs vitest in this process on one test file written to a fresh directory, in the bounded pool. */
async function runInBoundedPool(body: string, oldGenerationMb: number) {
  const dir = tempDir('bounded-pool');
  writeFileSync(join(dir, 'probe.test.mjs'), body);
  const vitest = await createVitest(
    'test',
    { root: dir, config: false, globals: true, watch: false, pool: boundedThreadsPool(oldGenerationMb), reporters: [['json', { outputFile: join(dir, 'results.json') }]] },
    {},
    { stdout: silent(), stderr: silent() },
  );
  try {
    await vitest.start();
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { numPassedTests: number };
    return { dir, passed: results.numPassedTests, unhandled: vitest.state.getUnhandledErrors() };
  } finally {
    await vitest.close();
  }
}

describe("the conformance project's worker pool", () => {
  it('runs test files in worker threads whose old generation is capped at the size given, and young generation at the pool\'s', async () => {
    const run = await runInBoundedPool(
      `import { isMainThread, resourceLimits } from 'node:worker_threads';
       import { writeFileSync } from 'node:fs';
       test('reads its limits', () => writeFileSync(new URL('./limits.json', import.meta.url), JSON.stringify({ isMainThread, resourceLimits })));`,
      96,
    );
    expect(run.unhandled).toEqual([]);
    expect(run.passed).toBe(1);
    const seen = JSON.parse(readFileSync(join(run.dir, 'limits.json'), 'utf8'));
    expect(seen.isMainThread).toBe(false);
    expect(seen.resourceLimits.maxOldGenerationSizeMb).toBe(96);
    expect(seen.resourceLimits.maxYoungGenerationSizeMb).toBe(WORKER_YOUNG_GENERATION_MB);
  });

  it('ends a run whose worker outgrows the cap with that error, and leaves the process running', async () => {
    const run = await runInBoundedPool(
      `test('outgrows its heap', () => {
         const kept = [];
         for (let i = 0; i < 100; i++) kept.push(new Array(1_000_000).fill(i + 0.5));
       });`,
      16,
    );
    expect(run.passed).toBe(0);
    const described = run.unhandled.map((e) => `${(e as Error).message} ${((e as Error).cause as Error | undefined)?.message}`);
    expect(described).toEqual([expect.stringMatching(/memory limit/)]);
  });
});
