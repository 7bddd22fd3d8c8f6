// A test's child script (TypeScript, importing the sources) bundled into one JavaScript file, so
// each child starts with plain Node: through tsx a child spends about 0.4 s more CPU loading the
// loader and transforming the sources, and some tests start two dozen children.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from '../production/cli-helpers.ts';

// Inside the project, so that the bundle's package imports resolve from its node_modules.
const OUT_DIR = join(ROOT, 'node_modules', '.cache', 'lc-compiled-script');

const bundles = new Map<string, Promise<string>>();

/** The path of `entry` (relative to the root) bundled with the sources it imports; packages stay imports. */
export function compiledScript(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = build({ absWorkingDir: ROOT, entryPoints: [entry], write: false, outdir: OUT_DIR, bundle: true, packages: 'external', format: 'esm', platform: 'node', target: 'node20', logLevel: 'silent' }).then(({ outputFiles }) => {
      const code = outputFiles[0]!.contents;
      // Named by content: test files in other workers bundle the same entry, and an edit makes a new file.
      const path = join(OUT_DIR, `${basename(entry, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
      if (!existsSync(path)) {
        mkdirSync(OUT_DIR, { recursive: true });
        writeFileSync(`${path}.${process.pid}`, code);
        renameSync(`${path}.${process.pid}`, path);
      }
      return path;
    });
    bundles.set(entry, bundle);
  }
  return bundle;
}
