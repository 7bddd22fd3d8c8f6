import type { ResolvedConfig } from '../config/run-config.ts';

// The resolved run configuration travels from the global setup to the test workers by provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    conformance: ResolvedConfig;
  }
}

export {};
