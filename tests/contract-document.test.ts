// The comparison with the contract document runs only when CONTRACT_SPEC names an existing file,
// and says why when it does not.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contractDocumentMissing, readContractDocument } from './contract-document.ts';

const before = process.env.CONTRACT_SPEC;
afterEach(() => {
  if (before === undefined) delete process.env.CONTRACT_SPEC;
  else process.env.CONTRACT_SPEC = before;
});

describe('the contract document for the specs comparison', () => {
  it('gives the reason when CONTRACT_SPEC is unset or names no file', () => {
    delete process.env.CONTRACT_SPEC;
    expect(contractDocumentMissing()).toMatch(/^CONTRACT_SPEC is not set/);
    process.env.CONTRACT_SPEC = join(tmpdir(), 'no-such-interface-spec.md');
    expect(contractDocumentMissing()).toMatch(/does not exist$/);
  });

  it('reads the document CONTRACT_SPEC names', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'lc-contract-')), 'interface-spec.md');
    writeFileSync(path, '## 4. Endpoints\n');
    process.env.CONTRACT_SPEC = path;
    expect(contractDocumentMissing()).toBeUndefined();
    expect(readContractDocument()).toBe('## 4. Endpoints\n');
  });
});
