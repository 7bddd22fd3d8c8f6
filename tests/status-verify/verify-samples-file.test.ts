// The --verify-samples file: read as JSON or YAML, checked against its schema, stdJsonInput given
// inline or as a path next to the file; anything wrong is one ConfigError naming file and entry.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadVerificationSample } from '../../fixtures/contracts/deployments.ts';
import { readVerificationSamples } from '../../src/samples/verify-samples-file.ts';
import { tempDir } from '../production/cli-helpers.ts';

const token = loadVerificationSample('FixtureToken');

function file(name: string, text: string): string {
  const path = join(tempDir('samples-file'), name);
  writeFileSync(path, text);
  return path;
}

describe('readVerificationSamples', () => {
  it('reads a YAML list whose stdJsonInput is a path relative to the file', () => {
    const path = file('samples.yaml', [
      `- chainId: "${token.chainId}"`,
      `  address: "${token.address}"`,
      '  stdJsonInput: token-input.json',
      `  compilerVersion: "${token.compilerVersion}"`,
      `  contractIdentifier: "${token.contractIdentifier}"`,
      '  expectedMatch: exact_match',
    ].join('\n'));
    writeFileSync(join(path, '..', 'token-input.json'), JSON.stringify(token.stdJsonInput));
    const [sample] = readVerificationSamples(path);
    expect(sample).toMatchObject({ chainId: token.chainId, address: token.address, expectedMatch: 'exact_match', source: path });
    expect(sample!.stdJsonInput).toEqual(token.stdJsonInput);
    expect(sample!.creationTransactionHash).toBeUndefined();
  });

  it('reads a JSON {samples: [...]} document with the input inline', () => {
    const path = file('samples.json', JSON.stringify({ samples: [{ ...token, expectedMatch: 'match' }] }));
    expect(readVerificationSamples(path)[0]).toMatchObject({ expectedMatch: 'match', creationTransactionHash: token.creationTransactionHash });
  });

  it.each([
    ['a chain id given as a number', { ...token, chainId: 296, expectedMatch: 'exact_match' }, /entry 1: chainId must be the chain id as 1 to 20 decimal digits/],
    ['an unknown expected match', { ...token, expectedMatch: 'perfect' }, /entry 1: expectedMatch must be exact_match or match/],
    ['no expected match', { ...token }, /entry 1: expectedMatch must be/],
    ['an upper-case creation hash', { ...token, creationTransactionHash: token.creationTransactionHash.toUpperCase().replace('0X', '0x'), expectedMatch: 'match' }, /entry 1: creationTransactionHash must be/],
    ['an unknown field', { ...token, expectedMatch: 'match', abi: [] }, /entry 1: unknown field "abi"/],
  ])('refuses %s with one message naming the entry', (_what, entry, message) => {
    expect(() => readVerificationSamples(file('bad.json', JSON.stringify([entry])))).toThrow(message);
  });

  it('refuses an input path that does not hold compiler input, and a file that is not YAML', () => {
    const path = file('samples.json', JSON.stringify([{ ...token, stdJsonInput: 'missing.json', expectedMatch: 'match' }]));
    expect(() => readVerificationSamples(path)).toThrow(/entry 1: stdJsonInput file .*missing\.json cannot be read as JSON/);
    expect(() => readVerificationSamples(file('broken.yaml', 'samples: [\n'))).toThrow(/verification samples file .*broken\.yaml cannot be read: /);
    expect(() => readVerificationSamples(file('empty.json', '[]'))).toThrow(/verification samples file/);
  });
});
