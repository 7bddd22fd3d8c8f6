import type { ResolvedConfig } from '../config/run-config.ts';

// The global setup hands the test workers the resolved run configuration and the address of the
// run's coordinator (src/harness/run-coordinator.ts) by provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    conformance: ResolvedConfig;
    /** How many workers run the files (so how many tests may wait for a turn), and with more than one, the coordinator's URL. */
    coordinator: { url?: string; workers: number };
  }
}

export {};
