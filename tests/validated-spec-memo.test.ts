// Spec validation is remembered by content: a text validated once is not validated again, and a
// text that fails validation is refused every time, never remembered.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadValidatedSpec, specPath } from '../specs/load-spec.ts';
import { knownValid } from '../specs/validated-spec-memo.ts';

const dir = mkdtempSync(join(tmpdir(), 'lc-spec-memo-'));

/** The status document with a marker comment, so that its text is new to the memo. */
function freshCopy(edit: (text: string) => string = (t) => t): { path: string; text: string } {
  const text = `# ${randomUUID()}\n${edit(readFileSync(specPath('status'), 'utf8'))}`;
  const path = join(dir, `${randomUUID()}.openapi.yaml`);
  writeFileSync(path, text);
  return { path, text };
}

describe('validated spec memo', () => {
  it('remembers a text once it validated', async () => {
    const { path, text } = freshCopy();
    expect(knownValid(text)).toBe(false);
    const doc = await loadValidatedSpec(path);
    expect(doc.openapi).toBe('3.1.0');
    expect(knownValid(text)).toBe(true);
  });

  it('refuses an invalid text every time and never remembers it', async () => {
    // A parameter without its required `in`: valid YAML, invalid OpenAPI.
    const { path, text } = freshCopy((t) => t.replace('\npaths:\n', '\npaths:\n  /extra.json:\n    get:\n      parameters:\n        - name: x\n      responses: {}\n'));
    for (let i = 0; i < 2; i++) await expect(loadValidatedSpec(path)).rejects.toThrow(/is invalid/);
    expect(knownValid(text)).toBe(false);
  });
});
