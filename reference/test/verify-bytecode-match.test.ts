import { beforeAll, describe, expect, it } from 'vitest';
import { compareCreation, compareRuntime, overallMatch } from '../verify/bytecode-match.ts';
import { compileStandardJson, type CompiledContract } from '../verify/solc-compiler.ts';
import { loadContractArtifact } from '../../fixtures/contracts/deployments.ts';

const vault = loadContractArtifact('FixtureVault');
let compiled: CompiledContract;

/** Flips one byte of 0x-hex code at a byte offset counted from the end. */
function flipByteFromEnd(hex: string, fromEnd: number): string {
  const bytes = Buffer.from(hex.slice(2), 'hex');
  bytes[bytes.length - fromEnd] ^= 0xff;
  return `0x${bytes.toString('hex')}`;
}

beforeAll(() => {
  const output = compileStandardJson(vault.stdJsonInput);
  compiled = output.contracts!['contracts/FixtureVault.sol']!.FixtureVault!;
});

describe('runtime comparison', () => {
  it('is exact once the immutable values are masked, and fails without masking', () => {
    const runtime = compiled.evm!.deployedBytecode!.object!;
    const references = compiled.evm!.deployedBytecode!.immutableReferences!;
    expect(Object.keys(references).length).toBe(3);
    expect(compareRuntime(runtime, vault.deployment.runtimeBytecode, references)).toBe('exact_match');
    expect(compareRuntime(runtime, vault.deployment.runtimeBytecode, {})).toBeNull();
  });

  it('is partial when only a byte inside the CBOR metadata differs', () => {
    const runtime = compiled.evm!.deployedBytecode!.object!;
    const references = compiled.evm!.deployedBytecode!.immutableReferences!;
    expect(compareRuntime(runtime, flipByteFromEnd(vault.deployment.runtimeBytecode, 10), references)).toBe('match');
  });

  it('is no match when a code byte before the metadata differs, or the length differs', () => {
    const runtime = compiled.evm!.deployedBytecode!.object!;
    const references = compiled.evm!.deployedBytecode!.immutableReferences!;
    const deployed = vault.deployment.runtimeBytecode;
    expect(compareRuntime(runtime, `0x${'ff'}${deployed.slice(4)}`, references)).toBeNull();
    expect(compareRuntime(runtime, `${deployed}00`, references)).toBeNull();
  });
});

describe('creation comparison', () => {
  it('matches the recompiled creation code as a prefix of the input with constructor arguments', () => {
    const creation = compiled.evm!.bytecode!.object!;
    expect(vault.deployment.creationInput.length).toBeGreaterThan(creation.length + 2);
    expect(compareCreation(creation, vault.deployment.creationInput)).toBe('exact_match');
  });

  it('is no match when the input is shorter than the recompiled creation code', () => {
    const creation = compiled.evm!.bytecode!.object!;
    expect(compareCreation(creation, `0x${creation.slice(0, creation.length - 2)}`)).toBeNull();
  });
});

describe('overall match', () => {
  it.each([
    ['exact_match', 'exact_match', 'exact_match'],
    ['exact_match', null, 'exact_match'],
    ['match', 'match', 'match'],
    ['match', null, 'match'],
    [null, null, null],
  ] as const)('runtime %s and creation %s give %s', (runtime, creation, expected) => {
    expect(overallMatch(runtime, creation)).toBe(expected);
  });
});
