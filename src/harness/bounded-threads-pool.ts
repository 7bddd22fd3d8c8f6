// vitest's worker threads, each with a cap on its V8 old and young generations. vitest starts its
// threads with no resource limits, so V8 sizes a worker's heap as it would a whole process's and
// grows it by large steps: the main job's process peaked at 347-389 MiB while no worker held more
// than about 45 MB live (under a 48 MB cap the main job's CPU tripled in collections). Under a cap
// of 1 GB or less V8 grows the heap by smaller steps: with 512 MB the process peaked at 323-335 MiB
// at the same CPU, as with 160 MB or 1 GB, while with 2 GB it still peaked at 353-374 MiB (two to
// six runs each, in turns).
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';

/** Each worker's old generation in MB: ten times the largest live heap a main job's worker reached. */
export const WORKER_OLD_GENERATION_MB = 512;

/**
 * Each worker's young generation in MB. V8 gives a thread the young generation of a whole process:
 * with four workers (a distant target's default) the process peaked at 406-424 MiB, with 16 MB at
 * 364-376 MiB (8 MB: 316-325 MiB, but more collections); the CPU of a status run and of the main
 * job did not change.
 */
export const WORKER_YOUNG_GENERATION_MB = 16;

const POOL_NAME = 'bounded-threads';

class BoundedThreadsPoolWorker implements PoolWorker {
  readonly name = POOL_NAME;
  private thread: Worker | undefined;
  private errored = false;
  private readonly exitListeners = new WeakMap<(arg: unknown) => void, (arg: unknown) => void>();

  constructor(
    private readonly options: PoolOptions,
    private readonly oldGenerationMb: number,
  ) {}

  private get started(): Worker {
    if (!this.thread) throw new Error(`${POOL_NAME}: the worker thread is not running`);
    return this.thread;
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.started.on(event, event === 'exit' ? this.exitAfterNoError(callback) : callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.started.off(event, (event === 'exit' && this.exitListeners.get(callback)) || callback);
  }

  /**
   * A thread that fails (out of its heap, say) emits 'error' and then 'exit'. vitest stops listening
   * for a task's errors at the first and takes the second for an unhandled one that ends the process
   * with a stack trace; passed on alone, the error ends the run with its own message.
   */
  private exitAfterNoError(callback: (arg: unknown) => void): (arg: unknown) => void {
    const listener = (code: unknown) => {
      if (!this.errored) callback(code);
    };
    this.exitListeners.set(callback, listener);
    return listener;
  }

  send(message: WorkerRequest): void {
    this.started.postMessage(message);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  async start(): Promise<void> {
    if (this.thread) return;
    this.errored = false;
    const { outputStream, errorStream } = this.options.project.vitest.logger;
    // vitest's own entry for a threads worker: the pool differs only in how the thread is made.
    this.thread = new Worker(resolve(this.options.distPath, 'workers/threads.js'), {
      env: this.options.env,
      execArgv: this.options.execArgv,
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: this.oldGenerationMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    this.thread.once('error', () => {
      this.errored = true;
    });
    for (const [from, to] of [[this.thread.stdout, outputStream], [this.thread.stderr, errorStream]] as const) {
      to.setMaxListeners(to.getMaxListeners() + 1);
      from.pipe(to);
    }
  }

  async stop(): Promise<void> {
    const thread = this.started;
    this.thread = undefined;
    await thread.terminate();
    const { outputStream, errorStream } = this.options.project.vitest.logger;
    for (const [from, to] of [[thread.stdout, outputStream], [thread.stderr, errorStream]] as const) {
      from.unpipe(to);
      to.setMaxListeners(to.getMaxListeners() - 1);
    }
  }
}

/** The pool to name in a project's `pool`: worker threads whose old generation holds at most `oldGenerationMb`. */
export function boundedThreadsPool(oldGenerationMb = WORKER_OLD_GENERATION_MB): PoolRunnerInitializer {
  return { name: POOL_NAME, createPoolWorker: (options) => new BoundedThreadsPoolWorker(options, oldGenerationMb) };
}
