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
});
