/**
 * Locks by name, granted in the order asked: a holder runs alone among those asking for the same
 * name. The run coordinator keeps them, so tests in different workers can take turns.
 */
export interface NamedLocks {
  /** Resolves once `name` is this caller's; it must call release(name) after. */
  acquire(name: string): Promise<void>;
  release(name: string): void;
}

export function createNamedLocks(): NamedLocks {
  // A name is held while it has a queue; the queue lists the callers waiting after the holder.
  const queues = new Map<string, Array<() => void>>();
  return {
    acquire(name) {
      const waiting = queues.get(name);
      if (!waiting) {
        queues.set(name, []);
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    release(name) {
      const waiting = queues.get(name);
      if (!waiting) throw new Error(`lock "${name}" released but not held`);
      const next = waiting.shift();
      if (next) next();
      else queues.delete(name);
    },
  };
}
