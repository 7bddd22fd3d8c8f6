// Where the CLI finds its own files: beside the compiled JavaScript under dist/ (laid out like the
// repository) that the CLI runs, or beside the TypeScript sources that the project's tests import.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The dist/ folder of the running copy, or the repository root for the sources. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The vitest configuration beside the code that is running: .js compiled, .ts in the sources. */
export const VITEST_CONFIG = `${ROOT}vitest.config.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`;

/**
 * How vitest reads that configuration and the suites: compiled JavaScript is imported by Node as it
 * is (vite would bundle the config first); TypeScript is transformed, and the transforms are kept on
 * disk (node_modules/, keyed by each file's content) for the next run.
 */
export const VITEST_LOADING = VITEST_CONFIG.endsWith('.js') ? { configLoader: 'native' } : { experimental: { fsModuleCache: true } };

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
