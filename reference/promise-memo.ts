// Promised answers kept by key, for the server's data that never changes once it serves (its
// SELECTs, its contract calls): bounded, the oldest let go first, and a promise that rejects let go
// at once, so that its error reaches its own caller only and the next caller tries again.

export interface PromiseMemo<T> {
  /** The promise kept for `key`, or the one `make` returns, kept from now on. */
  get(key: string, make: () => Promise<T>): Promise<T>;
  /** Lets every kept promise go (the data they were made from changed). */
  clear(): void;
}

export function promiseMemo<T>(maxEntries: number): PromiseMemo<T> {
  const kept = new Map<string, Promise<T>>();
  return {
    get(key, make) {
      const known = kept.get(key);
      if (known) return known;
      const made = make();
      kept.set(key, made);
      made.catch(() => {
        if (kept.get(key) === made) kept.delete(key);
      });
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
      return made;
    },
    clear: () => kept.clear(),
  };
}
