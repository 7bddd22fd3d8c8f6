// Types of runtime-build.mjs, for the TypeScript that imports it (the project's tests).
export declare const DIST: string;
export declare function ensureRuntimeBuild(): Promise<boolean>;
