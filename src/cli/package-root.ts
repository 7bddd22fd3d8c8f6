// Where the CLI finds its own files: beside the compiled JavaScript under dist/ (laid out like the
// repository) that the CLI runs, or beside the TypeScript sources that the project's tests import.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The dist/ folder of the running copy, or the repository root for the sources. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The vitest configuration beside the code that is running: .js compiled, .ts in the sources. */
const VITEST_CONFIG = `${ROOT}vitest.config.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`;

/**
 * How vitest gets that configuration, with `conformanceWorkers` workers for the conformance files
 * (the config file's own count when not given). This process imports it and hands it over inline:
 * vite would import the file itself, and on Node 20 it does so through a module-hooks thread that
 * then slows every later import of the process; and a count read from the environment would hold
 * for one run of a process only. TypeScript suites are transformed by vite, and the transforms are
 * kept on disk (node_modules/, keyed by each file's content) for the next run.
 */
export async function vitestConfig(conformanceWorkers?: number): Promise<{ options: Record<string, unknown>; overrides: Record<string, unknown> }> {
  const config = (await import(pathToFileURL(VITEST_CONFIG).href)) as { default: Record<string, unknown>; vitestConfigFor(workers: number): Record<string, unknown> };
  const options = { config: false, ...(VITEST_CONFIG.endsWith('.ts') ? { experimental: { fsModuleCache: true } } : {}) };
  return { options, overrides: conformanceWorkers === undefined ? config.default : config.vitestConfigFor(conformanceWorkers) };
}

/** The package's version, from the package.json at the repository root or one folder above dist/. */
export function packageVersion(): string {
  for (const candidate of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'ledger-conformance' && pkg.version) return pkg.version;
    } catch {
      // Not this folder: try the next.
    }
  }
  throw new Error('package.json of ledger-conformance not found');
}
