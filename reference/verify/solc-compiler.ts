// The bundled solc-js compiler, loaded lazily once per process (loading costs a few hundred ms) and
// used for standard-JSON compilation only. Imports are refused: sources must be complete.
import { createRequire } from 'node:module';

/** The long version of the compiler the npm `solc` package bundles. */
export const BUNDLED_COMPILER_VERSION = '0.8.37+commit.f401782d';

interface SolcModule {
  version(): string;
  compile(input: string, callbacks?: { import?: (path: string) => { error: string } }): string;
}

export interface CompilerMessage {
  severity: 'error' | 'warning' | 'info';
  type: string;
  message: string;
  formattedMessage?: string;
}

export interface CompiledContract {
  abi?: unknown[];
  metadata?: string;
  evm?: {
    bytecode?: { object?: string };
    deployedBytecode?: {
      object?: string;
      immutableReferences?: Record<string, Array<{ start: number; length: number }>>;
    };
  };
}

export interface StandardJsonOutput {
  errors?: CompilerMessage[];
  contracts?: Record<string, Record<string, CompiledContract>>;
}

let solc: SolcModule | undefined;

function loadSolc(): SolcModule {
  if (!solc) {
    const require = createRequire(import.meta.url);
    solc = require('solc') as SolcModule;
    const loaded = solc.version();
    if (!loaded.startsWith(BUNDLED_COMPILER_VERSION)) {
      throw new Error(`bundled solc reports ${loaded}, expected ${BUNDLED_COMPILER_VERSION}`);
    }
  }
  return solc;
}

/** True when a requested version (with or without a leading v) names the bundled compiler. */
export function isBundledCompilerVersion(requested: string): boolean {
  const bare = requested.startsWith('v') ? requested.slice(1) : requested;
  return bare === BUNDLED_COMPILER_VERSION || bare === BUNDLED_COMPILER_VERSION.split('+')[0];
}

/** Compiles a standard-JSON input object; compiler diagnostics come back inside the output. */
export function compileStandardJson(input: unknown): StandardJsonOutput {
  const refuseImport = (path: string) => ({ error: `import of ${path} is not available: include it in sources` });
  return JSON.parse(loadSolc().compile(JSON.stringify(input), { import: refuseImport })) as StandardJsonOutput;
}

/** The error-severity diagnostics of an output, as one readable string (empty when none). */
export function compilerErrors(output: StandardJsonOutput): string {
  return (output.errors ?? [])
    .filter((e) => e.severity === 'error')
    .map((e) => e.formattedMessage ?? e.message)
    .join('\n');
}
