// Bundles one entry of the compiled copy with the packages it imports into a single CommonJS script:
// Node loads one file several times faster than the hundreds of modules it replaces (the HTML
// writer's allure packages load in 0.15 s bundled, 0.4 s unbundled), and a script, unlike an ES
// module, can be compiled with V8's code cache (src/report/code-cached-script.mjs). A bundled
// module of a package that finds files beside itself (import.meta.url, __dirname) is told where its
// own file lies in the installed package, found at run time the way Node finds it: through the
// packages that depend on it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { offlineAllure, withoutAnalytics } from './offline-allure.mjs';

const LOCATION_HELPER = [
  // First, where it is a directive: the bundled ES modules' code is strict code (esbuild's own
  // "use strict" comes after the banner, where it is none).
  "'use strict';",
  "const { createRequire: __lcCreateRequire } = require('node:module');",
  "const { dirname: __lcDirname } = require('node:path');",
  "const { fileURLToPath: __lcFileURLToPath, pathToFileURL: __lcPathToFileURL } = require('node:url');",
  'const __lcBundleUrl = __lcPathToFileURL(__filename).href;',
  '/** The file URL of a bundled module in its installed package: `chain` names the packages from this one to its own. */',
  'const __lcInstalledUrl = (chain, file) => new URL(file, __lcPathToFileURL(chain.reduce((from, name) => __lcCreateRequire(from).resolve(name), __lcFileURLToPath(__lcBundleUrl)))).href;',
].join('\n');

/** The package a file of node_modules belongs to: the nearest folder above it with a package.json that has a name. */
function owningPackage(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    if (pkg.name) return { dir, pkg };
  }
  throw new Error(`no package owns ${file}`);
}

/**
 * How the project reaches a package: the names of the packages from one of its own dependencies to
 * it, each a dependency of the one before, with the entry the last resolves to (breadth first, so
 * the shortest way).
 */
function dependencyChain(root, packageDir) {
  const seen = new Set();
  let layer = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies ?? {}).map((name) => ({ name, from: join(root, 'package.json'), chain: [name] }));
  while (layer.length > 0) {
    const next = [];
    for (const { name, from, chain } of layer) {
      let entry;
      try {
        entry = createRequire(from).resolve(name);
      } catch {
        continue; // A package without an entry for require (types only, say) leads nowhere.
      }
      const { dir, pkg } = owningPackage(entry);
      if (seen.has(dir)) continue;
      seen.add(dir);
      if (dir === packageDir) return { chain, entry };
      for (const dependency of Object.keys(pkg.dependencies ?? {})) next.push({ name: dependency, from: entry, chain: [...chain, dependency] });
    }
    layer = next;
  }
  throw new Error(`${relative(root, packageDir)} is bundled but no dependency of the project leads to it`);
}

/** CommonJS by Node's rule: .cjs, or .js whose nearest package.json (named or not) does not say "type": "module". */
function isCommonJs(file) {
  if (!file.endsWith('.js')) return file.endsWith('.cjs');
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).type !== 'module';
  }
  return true;
}

/** Node's hashbang line must stay first: what a module is given goes after it. */
function prepend(text, lines) {
  const hashbang = text.startsWith('#!') ? text.slice(0, text.indexOf('\n') + 1) : '';
  return `${hashbang}${lines}\n${text.slice(hashbang.length)}`;
}

/**
 * An esbuild plugin that gives each bundled module that looks up its own location the location it
 * would have had unbundled: every `import.meta.url` reads `__lcModuleUrl` (esbuild's define, so in
 * code only, never in strings), declared at the top of the module; a CommonJS module gets its
 * `__filename` and `__dirname`. A dependency's is its file in the installed package; the project's
 * own is its compiled file beside the bundle.
 */
function keepModuleLocations(root, entry) {
  const chains = new Map();
  /** The expression of a module's URL at run time. */
  const urlOf = (file) => {
    if (!/[\\/]node_modules[\\/]/.test(file)) {
      const compiled = relative(dirname(join(root, entry)), file).replace(/\.ts$/, '.js').split(sep).join('/');
      return `new URL(${JSON.stringify(compiled.startsWith('.') ? compiled : `./${compiled}`)}, __lcBundleUrl).href`;
    }
    const { dir } = owningPackage(file);
    if (!chains.has(dir)) chains.set(dir, dependencyChain(root, dir));
    const { chain, entry: packageEntry } = chains.get(dir);
    const path = relative(dirname(packageEntry), file).split(sep).join('/');
    return `__lcInstalledUrl(${JSON.stringify(chain)}, ${JSON.stringify(path.startsWith('.') ? path : `./${path}`)})`;
  };
  return {
    name: 'keep-module-locations',
    setup(build) {
      build.onLoad({ filter: /\.([cm]?js|ts)$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const usesUrl = text.includes('import.meta.url');
        const usesPath = /\b__(dirname|filename)\b/.test(text) && isCommonJs(args.path);
        if (!usesUrl && !usesPath) return undefined;
        const url = urlOf(args.path);
        // Inside esbuild's wrapper of a CommonJS module these shadow nothing of the bundle's.
        const declared = [
          ...(usesUrl ? [`var __lcModuleUrl = ${url};`] : []),
          ...(usesPath ? [`var __filename = __lcFileURLToPath(${url}), __dirname = __lcDirname(__filename);`] : []),
        ];
        return { contents: prepend(text, declared.join(' ')), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

/** The file a bundled entry is written to in the compiled copy: its own path, as a CommonJS script. */
export const bundledName = (entry) => entry.replace(/\.[cm]?[jt]s$/, '.cjs');

/** The text of `entry` (relative to root) bundled with everything it imports but Node's built-ins, as a CommonJS script. */
export async function bundleEntry(root, entry) {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    write: false,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    banner: { js: LOCATION_HELPER },
    define: { 'import.meta.url': '__lcModuleUrl' },
    plugins: [offlineAllure(), keepModuleLocations(root, entry)],
    logLevel: 'silent',
  });
  return withoutAnalytics(result.outputFiles[0].text);
}
