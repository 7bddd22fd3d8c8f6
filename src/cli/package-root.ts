// Where the CLI finds its own files, in the repository (TypeScript run through tsx) and in the
// installed package (compiled JavaScript under dist/, laid out like the repository).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root, or the package's dist/ folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The vitest configuration beside the code that is running: .ts in the repository, .js in the package. */
export const VITEST_CONFIG = `${ROOT}vitest.config.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`;

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
