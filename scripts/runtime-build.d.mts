// Types of runtime-build.mjs, for the TypeScript that imports it (the project's tests).
export declare const DIST: string;
/** Where a compiled copy is made from and put: the repository's by default. */
export interface BuildLayout {
  root: string;
  dist: string;
  folders: string[];
  topFiles: string[];
  /** The memo shipped beside the compiled code: its folder under dist, and the compiled script that fills it. */
  shippedMemo?: { dir: string; filler: string };
  /** Entries (relative to root) compiled into one CommonJS script each (.cjs beside them) with the packages they import. */
  bundled?: string[];
}
export declare function ensureRuntimeBuild(layout?: BuildLayout): Promise<boolean>;
