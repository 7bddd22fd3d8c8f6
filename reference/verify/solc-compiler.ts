// The bundled solc-js compiler, loaded lazily once per process (loading costs a few hundred ms) and
// used for standard-JSON compilation only. Imports are refused: sources must be complete.
import { createRequire } from 'node:module';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { compileMemo, type RememberedCompile } from './compile-memo.ts';
import { CACHE_DIR } from '../cache-dir.ts';

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

// The compile loop of the compiler process, plain CommonJS so it runs the same from sources and
// from dist/. It ends with its parent (the IPC channel closes).
const COMPILER_SOURCE = `
const [solcPath, expected] = process.argv.slice(-2);
const solc = require(solcPath);
const loaded = solc.version();
const refuseImport = (path) => ({ error: 'import of ' + path + ' is not available: include it in sources' });
let warm = false;
process.on('disconnect', () => process.exit(0));
process.on('message', ({ id, input }) => {
  try {
    if (!loaded.startsWith(expected)) throw new Error('bundled solc reports ' + loaded + ', expected ' + expected);
    // A fresh compiler's first compile takes several times its later ones (solc warming up): it is
    // done once unmeasured, so the time remembered is that of a compile on a running server.
    if (!warm) solc.compile(input, { import: refuseImport });
    warm = true;
    const before = process.cpuUsage();
    const output = solc.compile(input, { import: refuseImport });
    const spent = process.cpuUsage(before);
    process.send({ id, output, ms: Math.round((spent.user + spent.system) / 1000) });
  } catch (error) {
    process.send({ id, error: String(error && error.message || error) });
  }
});`;

const memo = compileMemo(join(CACHE_DIR, 'solc'));
let compiler: ChildProcess | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(compile: RememberedCompile): void; reject(error: Error): void }>();

/** Lets this process exit while the compiler has nothing to do (and keeps it alive while it has). */
function holdOpen(child: ChildProcess, hold: boolean): void {
  if (hold) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

function compilerProcess(): ChildProcess {
  if (compiler) return compiler;
  const solcPath = createRequire(import.meta.url).resolve('solc');
  const child = spawn(process.execPath, ['-e', COMPILER_SOURCE, solcPath, BUNDLED_COMPILER_VERSION], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.on('message', ({ id, output, ms, error }: { id: number; output?: string; ms?: number; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) holdOpen(child, false);
    if (error !== undefined) job?.reject(new Error(error));
    else job?.resolve({ output: output!, ms: ms! });
  });
  const fail = (reason: string) => {
    if (compiler === child) compiler = undefined;
    for (const job of pending.values()) job.reject(new Error(`the solc compiler process ${reason}`));
    pending.clear();
  };
  child.on('error', (error) => fail(`failed: ${error.message}`));
  child.on('exit', (code, signal) => fail(`exited (${signal ?? code})`));
  holdOpen(child, false);
  compiler = child;
  return child;
}

/**
 * compileStandardJson in a process of its own: a compile takes 80-250 ms, and the server answering
 * queries must not stall for it; solc's memory (about 150 MB) stays out of the server's process
 * too. Jobs queue in the compiler, one at a time; an input compiled before is answered from the memo.
 */
export async function compileStandardJsonOffThread(input: unknown): Promise<StandardJsonOutput> {
  const inputText = JSON.stringify(input);
  const remembered = memo.recall(BUNDLED_COMPILER_VERSION, inputText);
  if (remembered) {
    await new Promise((resolve) => setTimeout(resolve, remembered.ms));
    return JSON.parse(remembered.output) as StandardJsonOutput;
  }
  const child = compilerProcess();
  const id = nextId++;
  const compile = await new Promise<RememberedCompile>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    holdOpen(child, true);
    child.send({ id, input: inputText });
  });
  memo.keep(BUNDLED_COMPILER_VERSION, inputText, compile);
  return JSON.parse(compile.output) as StandardJsonOutput;
}

/** The error-severity diagnostics of an output, as one readable string (empty when none). */
export function compilerErrors(output: StandardJsonOutput): string {
  return (output.errors ?? [])
    .filter((e) => e.severity === 'error')
    .map((e) => e.formattedMessage ?? e.message)
    .join('\n');
}
