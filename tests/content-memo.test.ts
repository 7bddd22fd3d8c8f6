// Parsing and validation are remembered by content: a text worked on once is not worked on again,
// a text that fails validation is refused every time and never remembered, and a memo gives back
// exactly what the parser gave.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadValidatedSpec, SPEC_VALIDATOR, specPath, SPECS_DIR } from '../specs/load-spec.ts';
import { knownValid, parseYamlRemembered } from '../specs/content-memo.ts';
import { readCatalogueFile } from '../src/rules/catalogue.ts';

const dir = mkdtempSync(join(tmpdir(), 'lc-content-memo-'));

/** A shipped file with a marker comment, so that its text is new to the memo. */
function freshCopy(source: string, edit: (text: string) => string = (t) => t): { path: string; text: string } {
  const text = `# ${randomUUID()}\n${edit(readFileSync(source, 'utf8'))}`;
  const path = join(dir, `${randomUUID()}.yaml`);
  writeFileSync(path, text);
  return { path, text };
}

const validatedBySwaggerParser = (text: string) => knownValid(SPEC_VALIDATOR, text);

describe('content memo', () => {
  it('remembers a spec text once it validated', async () => {
    const { path, text } = freshCopy(specPath('status'));
    expect(validatedBySwaggerParser(text)).toBe(false);
    const doc = await loadValidatedSpec(path);
    expect(doc.openapi).toBe('3.1.0');
    expect(validatedBySwaggerParser(text)).toBe(true);
  });

  it('refuses an invalid spec every time and never remembers it', async () => {
    // A parameter without its required `in`: valid YAML, invalid OpenAPI.
    const { path, text } = freshCopy(specPath('status'), (t) => t.replace('\npaths:\n', '\npaths:\n  /extra.json:\n    get:\n      parameters:\n        - name: x\n      responses: {}\n'));
    for (let i = 0; i < 2; i++) await expect(loadValidatedSpec(path)).rejects.toThrow(/is invalid/);
    expect(validatedBySwaggerParser(text)).toBe(false);
  });

  it('refuses a catalogue that breaks its schema every time', () => {
    const { path } = freshCopy(join(SPECS_DIR, 'rules', 'status.yaml'), (t) => t.replace(/\n {4}source: contract\n/, '\n    source: rumour\n'));
    for (let i = 0; i < 2; i++) expect(() => readCatalogueFile(path, 'status')).toThrow(/rule catalogue .* rule #\d+: source/);
  });

  it('gives back what the parser gives, the second time from the memo, and keeps values JSON cannot carry out of it', () => {
    const text = `# ${randomUUID()}\nname: x\nlist: [1, 2.5, "3"]\nnested: { a: null, b: true }\nbig: 9007199254740993\n`;
    expect(parseYamlRemembered(text)).toEqual(parse(text));
    expect(parseYamlRemembered(text)).toEqual(parse(text));
    const infinite = `# ${randomUUID()}\nlimit: .inf\n`;
    expect(parseYamlRemembered(infinite)).toEqual({ limit: Infinity });
    expect(parseYamlRemembered(infinite)).toEqual({ limit: Infinity });
  });
});
