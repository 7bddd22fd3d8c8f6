import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { REFERENCE_V8_FLAGS } from './src/cli/embedded-reference.ts';
import { boundedThreadsPool } from './src/harness/bounded-threads-pool.ts';
import { TurnLaneSequencer } from './src/harness/turn-lane-sequencer.ts';

// The CLI runs the compiled copy (dist/vitest.config.js with .js suites); `npm test` the sources.
const EXT = import.meta.url.endsWith('.js') ? 'js' : 'ts';
// Compiled code needs no transform: Node loads it directly, not through vite's module runner
// (about a second less per run). The TypeScript sources go through vite.
const startsWith = (url: URL) => new RegExp(`^${fileURLToPath(url).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const COMPILED_HERE = EXT === 'js' ? [startsWith(new URL('.', import.meta.url))] : [];
// The self tests run the compiled CLI in their own process as bin/ledger-conformance.mjs runs it
// (runCli, tests/production/cli-helpers.ts): Node loads it, so its vitest is the one of node_modules.
const COMPILED_CLI = [startsWith(new URL('./dist/', import.meta.url))];

// `npm test` runs four files at once in each project (one count: the two projects then share one
// group and run side by side). Several self files mostly wait on their CLI runs (rate-limited and
// paced runs, verification jobs): with two at once the two cores idled a sixth of the run (214.8 s
// as CI). Since the CLI runs in the test's own process, four keep them busier than three: 166.8,
// 170.2 and 168.4 s against 169.6-178.0 s, run in turns, for about 10 s more CPU.
const TEST_RUN_WORKERS = 4;

// Workers of the conformance files, as the run resolved them (--workers; src/harness/resolve-config.ts):
// a target's waits overlap in several side by side, a distant one's answers and the verification
// jobs of any; `npm test`'s embedded reference gets the test run's count. The CLI hands its count
// to vitestConfigFor; a vitest started with CONFORMANCE_CONFIG set reads it there.
const passed = process.env.CONFORMANCE_CONFIG ? (JSON.parse(process.env.CONFORMANCE_CONFIG) as { effectiveWorkers?: number }) : undefined;

/**
 * Two projects: "self" tests the project's own parts (harness, generators, reference server);
 * "conformance" runs the suites against a target (the embedded reference server by default), in
 * `conformanceWorkers` workers.
 */
export const vitestConfigFor = (conformanceWorkers: number) => defineConfig({
  test: {
    // The conformance files whose tests take turns across the run follow each other in one worker.
    sequence: { sequencer: TurnLaneSequencer },
    projects: [
      {
        test: {
          name: 'self',
          include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'generators/**/*.test.ts', 'reference/**/*.test.ts', 'fixtures/**/*.test.ts'],
          // The workers are reused from file to file (not isolated): a fresh process per file cost a
          // third of the project's CPU in start-up and imports; no test depends on module state
          // another file left.
          maxWorkers: TEST_RUN_WORKERS,
          isolate: false,
          // Many self tests serve the reference in their own process (reference/server.ts).
          execArgv: REFERENCE_V8_FLAGS,
          globalSetup: ['tests/support/scratch-tmpdir.ts'],
          server: { deps: { external: COMPILED_CLI } },
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
          server: { deps: { external: COMPILED_HERE } },
          // Worker threads of the run's process, not child processes: a worker starts without a Node
          // of its own (a status run 1.76 -> 1.58 s, 2.59 -> 2.32 s of CPU), and the run's process
          // peaks at about 330 MB with the main job's workers in it, under the 400 MB of any process,
          // once each worker's heap is capped (src/harness/bounded-threads-pool.ts).
          pool: boundedThreadsPool(),
          // Files run in several workers at once: against a distant target a file takes as long as its
          // longest chain of dependent requests, so files wait on the target side by side. The run's
          // budget, rate, pacing and the turns of the tests that take them stay run-wide in the coordinator the global
          // setup starts (src/harness/run-coordinator.ts). Not isolated: a worker loads the module
          // graph once for all its files. Within a file ruleTest runs independent tests
          // concurrently, this many at once (src/harness/rule-test.ts).
          maxWorkers: conformanceWorkers,
          isolate: false,
          maxConcurrency: 16,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

export default vitestConfigFor(passed?.effectiveWorkers ?? TEST_RUN_WORKERS);
