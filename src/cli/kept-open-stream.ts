import { Writable } from 'node:stream';

/**
 * A stream into `target` that stays open as process.stdout does: vitest pipes each worker thread's
 * output into the stream it is given, and a pipe ends its destination when the thread ends, unless
 * that destination is process.stdout or process.stderr. Without this, the first thread to stop
 * would end a caller's stream before the run's summary is written to it.
 */
class KeptOpen extends Writable {
  constructor(private readonly target: Writable) {
    super();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.target.write(chunk, encoding, done);
  }

  override end(...args: unknown[]): this {
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return this;
  }
}

export function keptOpen(target: Writable): Writable {
  return target === process.stdout || target === process.stderr ? target : new KeptOpen(target);
}
