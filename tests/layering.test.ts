// The dependency arrows of the pipeline, held by the imports themselves: the generators build on
// the contract stage (specs/) only, src/ starts the reference implementation in one place, and the
// reference server, a separate program, takes nothing from src/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './production/cli-helpers.ts';

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative module a file imports (static, dynamic or re-export), as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => relative(ROOT, resolve(dirname(file), m[1]!)));
}

const crossing = (folder: string, into: string) =>
  sourcesUnder(join(ROOT, folder)).flatMap((file) => importsOf(file).filter((to) => to.startsWith(`${into}/`)).map((to) => `${relative(ROOT, file)} -> ${to}`));

describe('layering', () => {
  it('keeps generators/ free of src/: they import the contract stage (specs/) and fast-check only', () => {
    expect(crossing('generators', 'src')).toEqual([]);
    expect(crossing('specs', 'src')).toEqual([]);
    expect(crossing('specs', 'generators')).toEqual([]);
  });

  it('lets src/ reach the reference implementation only through the start-ups\' embedded-reference module', () => {
    const crossings = crossing('src', 'reference');
    expect(crossings.length).toBeGreaterThan(0);
    expect(crossings.filter((c) => !c.startsWith('src/cli/embedded-reference.ts -> '))).toEqual([]);
  });

  it('keeps the reference server free of src/: it shares only the interfaces\' contract with the suite', () => {
    expect(crossing('reference', 'src').filter((c) => !c.startsWith('reference/test/'))).toEqual([]);
  });
});
