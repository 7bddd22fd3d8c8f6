// The compiled copy the CLI runs from: built from a project's TypeScript with the relative imports
// pointing at the compiled files, rebuilt only when a source changed, and without leftovers of a
// source that is gone. A small project of its own, so the repository's dist/ is not touched.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureRuntimeBuild, type BuildLayout } from '../scripts/runtime-build.mjs';

function project(): BuildLayout {
  const root = mkdtempSync(join(tmpdir(), 'lc-runtime-build-'));
  mkdirSync(join(root, 'src', 'lib'), { recursive: true });
  writeFileSync(join(root, 'src', 'main.ts'), [
    "import { greet } from './lib/greet.ts';",
    "const { shout }: { shout: (s: string) => string } = await import('./lib/shout.ts');",
    'process.stdout.write(shout(greet(JSON.parse(await import(\'node:fs\').then((fs) => fs.readFileSync(new URL(\'./name.json\', import.meta.url), \'utf8\'))))));',
  ].join('\n'));
  writeFileSync(join(root, 'src', 'lib', 'greet.ts'), 'export const greet = (name: string): string => `hello ${name}`;\n');
  writeFileSync(join(root, 'src', 'lib', 'shout.ts'), 'export const shout = (s: string): string => s.toUpperCase();\n');
  writeFileSync(join(root, 'src', 'name.json'), '"ledger"');
  return { root, dist: join(root, 'dist'), folders: ['src'], topFiles: [] };
}

const runCompiled = (layout: BuildLayout) => execFileSync(process.execPath, [join(layout.dist, 'src', 'main.js')], { encoding: 'utf8' });

describe('the compiled copy of the sources', () => {
  it('runs on plain Node: relative imports, static and dynamic, point at the compiled files, and read files lie beside them', async () => {
    const layout = project();
    expect(await ensureRuntimeBuild(layout)).toBe(true);
    expect(readFileSync(join(layout.dist, 'src', 'main.js'), 'utf8')).toContain('"./lib/greet.js"');
    expect(runCompiled(layout)).toBe('HELLO LEDGER');
    rmSync(layout.root, { recursive: true, force: true });
  });

  it('is rebuilt only when a source changed, and loses the output of a source that is gone', async () => {
    const layout = project();
    await ensureRuntimeBuild(layout);
    expect(await ensureRuntimeBuild(layout)).toBe(false);
    const greet = join(layout.root, 'src', 'lib', 'greet.ts');
    writeFileSync(greet, 'export const greet = (name: string): string => `bye ${name}`;\n');
    // A later modification time, as an editor's save gives (the test may run within the same tick).
    utimesSync(greet, new Date(), new Date(Date.now() + 5_000));
    expect(await ensureRuntimeBuild(layout)).toBe(true);
    expect(runCompiled(layout)).toBe('BYE LEDGER');
    rmSync(join(layout.root, 'src', 'lib', 'shout.ts'));
    await ensureRuntimeBuild(layout);
    expect(existsSync(join(layout.dist, 'src', 'lib', 'shout.js'))).toBe(false);
    expect(existsSync(join(layout.dist, 'src', 'lib', 'greet.js'))).toBe(true);
    rmSync(layout.root, { recursive: true, force: true });
  });

  it('fills the shipped memo after the build, puts it in place whole, keeps it through rebuilds, and fails in one line when the filler fails', async () => {
    const layout = project();
    writeFileSync(join(layout.root, 'src', 'fill.ts'), "import { mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync(process.argv[2]!, { recursive: true });\nwriteFileSync(`${process.argv[2]}/entry`, 'worked out');\n");
    const withMemo: BuildLayout = { ...layout, shippedMemo: { dir: 'memo', filler: join('src', 'fill.js') } };
    await ensureRuntimeBuild(withMemo);
    expect(readFileSync(join(layout.dist, 'memo', 'entry'), 'utf8')).toBe('worked out');
    expect(readdirSync(layout.dist).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const greet = join(layout.root, 'src', 'lib', 'greet.ts');
    utimesSync(greet, new Date(), new Date(Date.now() + 5_000));
    expect(await ensureRuntimeBuild(withMemo)).toBe(true);
    expect(existsSync(join(layout.dist, 'memo', 'entry'))).toBe(true);

    writeFileSync(join(layout.root, 'src', 'fill.ts'), "throw new Error('the contract does not load');\n");
    await expect(ensureRuntimeBuild(withMemo)).rejects.toThrow(/^filling the shipped memo failed: .*the contract does not load/);
    // Not stamped: the next start builds again rather than run without its memo.
    await expect(ensureRuntimeBuild(withMemo)).rejects.toThrow(/filling the shipped memo failed/);
    rmSync(layout.root, { recursive: true, force: true });
  });

  it('bundles an entry with its packages into one file that finds their files where they are installed when it runs', async () => {
    const layout = project();
    /** Writes a package into `modules`: its manifest and its files. */
    const writePackage = (modules: string, name: string, manifest: object, files: Record<string, string>) => {
      mkdirSync(join(modules, name), { recursive: true });
      writeFileSync(join(modules, name, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...manifest }));
      for (const [file, text] of Object.entries(files)) writeFileSync(join(modules, name, file), text);
    };
    /** Package a (ES module, reads a file beside itself, names import.meta.url in a string) depends on b (CommonJS, reads one by __dirname). */
    const install = (aModules: string, bModules: string, tag: string) => {
      writePackage(aModules, 'a', { type: 'module', exports: './index.js', dependencies: { b: '1.0.0' } }, {
        'index.js': "import { readFileSync } from 'node:fs';\nexport { where } from 'b';\nexport const own = readFileSync(new URL('./own.txt', import.meta.url), 'utf8');\nexport const said = 'import.meta.url';\n",
        'own.txt': `a ${tag}`,
      });
      writePackage(bModules, 'b', { main: 'index.js' }, { 'index.js': "exports.where = require('node:fs').readFileSync(__dirname + '/where.txt', 'utf8');\n", 'where.txt': `b ${tag}` });
    };
    writeFileSync(join(layout.root, 'package.json'), JSON.stringify({ name: 'app', dependencies: { a: '1.0.0' } }));
    install(join(layout.root, 'node_modules'), join(layout.root, 'node_modules'), 'at build');
    // The project's own module gets the place of its compiled copy beside the bundle.
    // ES module code stays strict code in the script.
    writeFileSync(join(layout.root, 'src', 'place.mjs'), 'export const place = import.meta.url;\nexport const strict = (function () { return this; })() === undefined;\n');
    writeFileSync(join(layout.root, 'src', 'thread.mjs'), "import { own, said, where } from 'a';\nimport { place, strict } from './place.mjs';\nprocess.stdout.write(`${own}, ${where}, ${said}, ${place.slice(place.indexOf('/dist/'))}, ${strict ? 'strict' : 'sloppy'}`);\n");
    await ensureRuntimeBuild({ ...layout, bundled: ['src/thread.mjs'] });
    // One CommonJS script beside where the entry's copy would be, requiring only Node's built-ins.
    expect(existsSync(join(layout.dist, 'src', 'thread.mjs'))).toBe(false);
    const bundle = readFileSync(join(layout.dist, 'src', 'thread.cjs'), 'utf8');
    const required = [...bundle.matchAll(/\brequire\(["']([^"']+)["']\)/g)].map(([, from]) => from);
    expect(required.length).toBeGreaterThan(0);
    expect(required.every((from) => from.startsWith('node:'))).toBe(true);

    // Installed elsewhere, with b under a's own node_modules rather than beside it.
    const consumer = mkdtempSync(join(tmpdir(), 'lc-bundle-consumer-'));
    const app = join(consumer, 'node_modules', 'app');
    mkdirSync(join(app, 'dist', 'src'), { recursive: true });
    writeFileSync(join(app, 'dist', 'src', 'thread.cjs'), bundle);
    install(join(consumer, 'node_modules'), join(consumer, 'node_modules', 'a', 'node_modules'), 'installed');
    rmSync(layout.root, { recursive: true, force: true });
    expect(execFileSync(process.execPath, [join(app, 'dist', 'src', 'thread.cjs')], { encoding: 'utf8' })).toBe('a installed, b installed, import.meta.url, /dist/src/place.mjs, strict');
    rmSync(consumer, { recursive: true, force: true });
  });
});
