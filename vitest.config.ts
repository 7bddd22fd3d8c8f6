import { defineConfig } from 'vitest/config';

// The installed package runs its compiled copy (dist/vitest.config.js with .js suites); the repository the sources.
const EXT = import.meta.url.endsWith('.js') ? 'js' : 'ts';

// Two projects: "self" tests the project's own parts (harness, generators, reference server);
// "conformance" runs the suites against a target (the embedded reference server by default).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'self',
          include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'generators/**/*.test.ts', 'reference/**/*.test.ts', 'fixtures/**/*.test.ts'],
          // The slow files run their CLI children a few at a time, so two files at once keep two cores
          // busy (vitest's default on 2 cores is one file at a time); more starve the children until
          // their own timeouts and throttling waits run out. The two workers are reused from file to
          // file (not isolated): a fresh process per file cost a third of the project's CPU in start-up
          // and imports; no test depends on module state another file left. A worker count other than
          // the conformance project's needs its own group, run after that project.
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: [`suites/**/*.test.${EXT}`],
          globalSetup: [`src/harness/global-setup.${EXT}`],
          setupFiles: ['allure-vitest/setup'],
          // One worker, files in sequence: the rate limit and request budget are then run-wide. The
          // files share one module graph (imports load once, not once per file); within a file
          // ruleTest runs independent tests concurrently, this many at once, so a slow target is
          // waited on in parallel (src/harness/rule-test.ts).
          fileParallelism: false,
          maxWorkers: 1,
          isolate: false,
          maxConcurrency: 16,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
