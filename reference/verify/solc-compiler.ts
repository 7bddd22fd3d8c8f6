// The bundled solc-js compiler, loaded lazily once per process (loading costs a few hundred ms) and
// used for standard-JSON compilation only. Imports are refused: sources must be complete.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

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

// The compile loop of the worker thread, plain CommonJS so it runs the same from sources and from dist/.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const solc = require(workerData.solcPath);
const loaded = solc.version();
const refuseImport = (path) => ({ error: 'import of ' + path + ' is not available: include it in sources' });
parentPort.on('message', ({ id, input }) => {
  try {
    if (!loaded.startsWith(workerData.expected)) throw new Error('bundled solc reports ' + loaded + ', expected ' + workerData.expected);
    parentPort.postMessage({ id, output: solc.compile(input, { import: refuseImport }) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});`;

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();

function compilerWorker(): Worker {
  if (worker) return worker;
  const solcPath = createRequire(import.meta.url).resolve('solc');
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { solcPath, expected: BUNDLED_COMPILER_VERSION } });
  started.on('message', ({ id, output, error }: { id: number; output?: string; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (error !== undefined) job?.reject(new Error(error));
    else job?.resolve(output!);
  });
  started.on('error', (error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = undefined;
  });
  started.unref();
  worker = started;
  return started;
}

/**
 * compileStandardJson on a worker thread: a compile takes 80-250 ms, and the server answering
 * queries in this process must not stall for it. Jobs queue in the worker, one at a time.
 */
export function compileStandardJsonOffThread(input: unknown): Promise<StandardJsonOutput> {
  const thread = compilerWorker();
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref(); // keeps the process alive until the answer is in
    thread.postMessage({ id, input: JSON.stringify(input) });
  }).then((text) => JSON.parse(text) as StandardJsonOutput);
}

/** The error-severity diagnostics of an output, as one readable string (empty when none). */
export function compilerErrors(output: StandardJsonOutput): string {
  return (output.errors ?? [])
    .filter((e) => e.severity === 'error')
    .map((e) => e.formattedMessage ?? e.message)
    .join('\n');
}
