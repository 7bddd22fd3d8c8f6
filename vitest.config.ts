import { defineConfig } from 'vitest/config';

// Two projects: "self" tests the project's own parts (harness, generators, reference server);
// "conformance" runs the suites against a target (the embedded reference server by default).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'self',
          include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'generators/**/*.test.ts', 'reference/**/*.test.ts', 'fixtures/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.test.ts'],
          globalSetup: ['src/harness/global-setup.ts'],
          setupFiles: ['allure-vitest/setup'],
          // One worker, files in sequence: the rate limit and request budget are then run-wide.
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
