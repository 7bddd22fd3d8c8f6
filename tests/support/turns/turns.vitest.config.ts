// The conformance project as vitest.config.ts sets it up (the run's global setup and coordinator, the
// lane sequencer), three workers, for one real verify file beside stand-in files: the two here, or
// with TURNS_SUITES=holds the two of holds/ (tests/verify-turns.test.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TurnLaneSequencer } from '../../../src/harness/turn-lane-sequencer.ts';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../../', import.meta.url)),
    sequence: { sequencer: TurnLaneSequencer },
    projects: [
      {
        test: {
          name: 'conformance',
          include: ['suites/verify/job-sequences.test.ts', process.env.TURNS_SUITES === 'holds' ? 'tests/support/turns/holds/*.suite.ts' : 'tests/support/turns/*.suite.ts'],
          globalSetup: ['src/harness/global-setup.ts'],
          setupFiles: ['allure-vitest/setup'],
          maxWorkers: 3,
          isolate: false,
          maxConcurrency: 16,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
