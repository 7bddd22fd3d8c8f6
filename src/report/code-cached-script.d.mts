// Types of code-cached-script.mjs, for the TypeScript that imports it (the project's tests).
export interface CodeCachedScript {
  /** What the script exported (module.exports). */
  exports: Record<string, any>;
  /** Whether this load ran from a cache V8 accepted. */
  usedCache: boolean;
  /** Where the cache of this very text is kept. */
  cacheFile: string;
  /** Writes the cache if this load did not use one; a place it cannot write to is left without. */
  keep(): void;
}
export declare function loadCodeCachedScript(file: string): CodeCachedScript;
