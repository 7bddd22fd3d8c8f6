import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReferenceServerOptions } from '../../reference/server.ts';
import type { Layer } from '../../reference/faults/layer.ts';
import { REFERENCE_TIER_UP, WASM_BASELINE_ONLY } from './tier-up-late.ts';

// The one way src/ reaches the reference implementation: the start-ups (the CLI's `run` without a
// target, npm test's global set-up, self-check) start it on a loopback port or read its faults.
// The server runs in its own process (reference/main.ts): its database and EVM then neither share
// the run's memory nor its thread, and it starts while the CLI loads its own modules.

/** The reference's program beside this module: compiled JavaScript for the CLI, TypeScript through tsx for the project's tests. */
const COMPILED = import.meta.url.endsWith('.js');
const MAIN = fileURLToPath(new URL(`../../reference/main.${COMPILED ? 'js' : 'ts'}`, import.meta.url));

/**
 * For any process that serves the reference: PGlite's WebAssembly (9 MB) on V8's baseline compiler
 * only (WASM_BASELINE_ONLY). Optimising its hot functions cost more CPU than it saved over a run (a
 * ledger run's reference: start 1.5 -> 1.0 s, serving 4.7 -> 4.0 s of CPU). Its JavaScript is
 * optimised later than by default (REFERENCE_TIER_UP).
 */
export const REFERENCE_V8_FLAGS = [WASM_BASELINE_ONLY, REFERENCE_TIER_UP];

// A young generation of 8 MB semi-spaces instead of 16 (the server's allocations are short-lived and
// small): it serves a ledger run on as little CPU as 16 (three alternating pairs). 4 MB scavenged so
// often that it took 12% more (4.17 against 3.71 s, seven pairs), for a peak 10 MiB lower in a main
// job (236 against 246 MiB; the same 236-240 in a ledger run, set by the database's load).
// An old generation of at most 192 MB: left alone V8 let it grow to about 150 MB of which a third was
// live, and the process past 400 MB (issue 27); 51 MB were live after a main job, leaving room for
// its answer cache (at most 1000 pages).
export const REFERENCE_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=192', ...REFERENCE_V8_FLAGS];

/** What reference/main.ts sends its parent once it listens. */
export interface ReadyMessage { ready: { baseUrl: string; statusUrl: string; verifyUrl: string } }

function argsOf(options: ReferenceServerOptions): string[] {
  return [
    ...(options.port !== undefined ? ['--port', String(options.port)] : []),
    ...(options.faults ?? []).flatMap((f) => ['--fault', f]),
    ...(options.behaviour !== undefined ? ['--behave', options.behaviour] : []),
    ...(options.statusOnly ? ['--status-only'] : []),
    ...(options.noLedger ? ['--no-ledger'] : []),
    ...(options.verifyRpc !== undefined ? ['--verify-rpc', options.verifyRpc] : []),
  ];
}

/**
 * Starts the reference in its own process. `signal` ends a start no longer wanted (the run was
 * refused meanwhile): the child stops at once instead of being waited for until it is ready. What
 * the server says once it is ready goes to `stderr`.
 */
export async function startEmbeddedReference(options: ReferenceServerOptions = {}, signal?: AbortSignal, stderr: NodeJS.WritableStream = process.stderr): Promise<{ baseUrl: string; statusUrl: string; verifyUrl: string; close(): Promise<void> }> {
  // The IPC channel carries the ready message; when this process ends, the child sees it close and stops.
  const child = spawn(process.execPath, [...REFERENCE_NODE_FLAGS, ...(COMPILED ? [] : ['--import', 'tsx']), MAIN, ...argsOf(options)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const abandon = () => child.kill('SIGTERM');
  signal?.addEventListener('abort', abandon, { once: true });
  const ready = await new Promise<ReadyMessage['ready']>((resolve, reject) => {
    child.once('message', (message: ReadyMessage) => resolve(message.ready));
    child.once('error', reject);
    void exited.then((code) => {
      const message = said.trim().split('\n')[0] || `the embedded reference server exited (${code}) before it was ready`;
      // main.ts exits 2 for a name no fault or behaviour has: a usage error, like the CLI's own.
      reject(Object.assign(new Error(message), code === 2 ? { name: 'UnknownLayerError' } : {}));
    });
  });
  signal?.removeEventListener('abort', abandon);
  // What the server says later goes where it went when it ran in this process (left open when the
  // child ends). Neither the pipe nor the channel keeps this process alive: close() ends the child,
  // and so does this process ending.
  child.stderr!.removeAllListeners('data').pipe(stderr, { end: false });
  (child.stderr as unknown as { unref(): void }).unref();
  child.channel?.unref();
  child.unref();
  let closing: Promise<unknown> | undefined;
  return {
    ...ready,
    close() {
      // Held again while it stops: a process with nothing else left to do must wait for the exit, not end first.
      child.ref();
      closing ??= (child.exitCode === null && child.signalCode === null ? (child.kill('SIGTERM'), exited) : exited);
      return closing.then(() => undefined);
    },
  };
}

/** The named faults the embedded reference can switch on: names, interfaces, the rules that must catch them. */
export async function embeddedReferenceFaults(): Promise<Layer[]> {
  const { FAULTS } = await import('../../reference/faults/catalogue.ts');
  return FAULTS;
}
