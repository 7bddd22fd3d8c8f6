import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, readCatalogueFile } from '../src/rules/catalogue.ts';
import { SPECS_DIR } from '../specs/load-spec.ts';
import { filesUnder } from './production/cli-helpers.ts';

describe('rule catalogue', () => {
  it('holds at least 90 rules with unique, well-formed ids and both sources', () => {
    const rules = [...loadCatalogue().values()];
    expect(rules.length).toBeGreaterThanOrEqual(90);
    expect(new Set(rules.map((r) => r.source))).toEqual(new Set(['contract', 'observed']));
    for (const prefix of ['LQ-', 'ST-', 'VF-']) expect(rules.some((r) => r.id.startsWith(prefix))).toBe(true);
  });

  it('every rule id written in the suites and harness exists in the catalogue', () => {
    const catalogue = loadCatalogue();
    const root = new URL('../', import.meta.url).pathname;
    const files = ['suites', 'src'].flatMap((d) => { try { return filesUnder(join(root, d)).filter((f) => f.endsWith('.ts')); } catch { return []; } });
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`]((?:LQ|ST|VF)-\d+(?:\.\d+)*-[a-z0-9-]+)['"`]/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((id) => !catalogue.has(id))).toEqual([]);
  });

  it('rejects a catalogue entry whose id does not carry its section', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
    const path = join(dir, 'bad.yaml');
    writeFileSync(path, 'interface: status\nprefix: ST\nrules:\n  - id: ST-4.7-x\n    section: "3"\n    source: contract\n    statement: s\n');
    expect(() => readCatalogueFile(path, 'status')).toThrow(/section must be a string matching the id/);
    writeFileSync(path, 'interface: status\nprefix: ST\nrules:\n  - id: ST-4.7-x\n    section: "4.7"\n    source: maybe\n    statement: s\n');
    expect(() => readCatalogueFile(path, 'status')).toThrow(/source must be contract or observed/);
    writeFileSync(path, 'interface: status\nprefix: ST\nrules:\n  - id: st-4.7-x\n    section: "4.7"\n    source: contract\n    statement: s\n    note: n\n');
    expect(() => readCatalogueFile(path, 'status')).toThrow(/rule #1: (id must be an id like|unknown field "note")/);
    expect(SPECS_DIR.endsWith('/specs/')).toBe(true);
  });

});
