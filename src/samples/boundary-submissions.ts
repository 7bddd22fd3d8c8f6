import type { SubmissionSite } from './submission-site.ts';

/** One fixed broken form of a submission field: what it breaks, and how it is built from a site. */
export interface BoundaryBody {
  rule: string;
  what: string;
  body(twin: Record<string, unknown>): unknown;
}

export interface BoundaryPath {
  rule: string;
  what: string;
  path(site: SubmissionSite): { chainId: string; address: string };
}

function without(twin: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _left, ...rest } = twin;
  return rest;
}

function withInput(twin: Record<string, unknown>, edit: (input: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown> {
  return { ...twin, stdJsonInput: edit({ ...(twin.stdJsonInput as Record<string, unknown>) }) };
}

const hashOf = (twin: Record<string, unknown>) => String(twin.creationTransactionHash ?? `0x${'ab'.repeat(32)}`);

/**
 * The broken bodies sent every run, whatever the generators draw: each required field left out and
 * the boundary forms of each pattern, built from the twin, so a verifier that ignores the field
 * can only answer them by verifying the twin's contract.
 */
export const BOUNDARY_BODIES: BoundaryBody[] = [
  { rule: 'VF-4.8-stdjsoninput-required', what: 'without stdJsonInput', body: (twin) => without(twin, 'stdJsonInput') },
  // Not an object at all: a strict JSON parser may refuse these as invalid_json (notes).
  { rule: 'VF-4.8-stdjsoninput-required', what: 'that is the bare JSON number 0', body: () => 0 },
  { rule: 'VF-4.8-stdjsoninput-required', what: 'that is the bare JSON null', body: () => null },
  { rule: 'VF-4.8-language-enum', what: 'stdJsonInput without language', body: (twin) => withInput(twin, (input) => without(input, 'language')) },
  { rule: 'VF-4.8-language-enum', what: 'stdJsonInput.language "Cobol" (unsupported)', body: (twin) => withInput(twin, (input) => ({ ...input, language: 'Cobol' })) },
  { rule: 'VF-4.8-language-enum', what: 'stdJsonInput.language "solidity" (not a supported name)', body: (twin) => withInput(twin, (input) => ({ ...input, language: 'solidity' })) },
  { rule: 'VF-4.8-stdjsoninput-sources-settings', what: 'stdJsonInput without sources', body: (twin) => withInput(twin, (input) => without(input, 'sources')) },
  { rule: 'VF-4.8-stdjsoninput-sources-settings', what: 'stdJsonInput without settings', body: (twin) => withInput(twin, (input) => without(input, 'settings')) },
  { rule: 'VF-4.8-compiler-version-required', what: 'without compilerVersion', body: (twin) => without(twin, 'compilerVersion') },
  { rule: 'VF-4.8-compiler-version-pattern', what: 'compilerVersion "latest"', body: (twin) => ({ ...twin, compilerVersion: 'latest' }) },
  { rule: 'VF-4.8-compiler-version-pattern', what: 'compilerVersion of two parts', body: (twin) => ({ ...twin, compilerVersion: String(twin.compilerVersion).replace(/^(v?\d+\.\d+)\.\d+.*$/, '$1') }) },
  { rule: 'VF-4.8-contract-identifier-required', what: 'without contractIdentifier', body: (twin) => without(twin, 'contractIdentifier') },
  { rule: 'VF-4.8-contract-identifier-form', what: 'contractIdentifier without ":" (the contract name alone)', body: (twin) => ({ ...twin, contractIdentifier: String(twin.contractIdentifier).split(':').pop() }) },
  { rule: 'VF-4.8-creation-tx-hash-pattern', what: 'creationTransactionHash in upper case', body: (twin) => ({ ...twin, creationTransactionHash: `0x${hashOf(twin).slice(2).toUpperCase()}` }) },
  { rule: 'VF-4.8-creation-tx-hash-pattern', what: 'creationTransactionHash without 0x', body: (twin) => ({ ...twin, creationTransactionHash: hashOf(twin).slice(2) }) },
  { rule: 'VF-4.8-creation-tx-hash-pattern', what: 'creationTransactionHash one digit short', body: (twin) => ({ ...twin, creationTransactionHash: hashOf(twin).slice(0, -1) }) },
];

/** The boundary forms of the path parameters, sent every run next to the site's own chain and address. */
export const BOUNDARY_PATHS: BoundaryPath[] = [
  { rule: 'VF-8-chainid-length', what: 'chainId empty', path: (s) => ({ chainId: '', address: s.address }) },
  { rule: 'VF-8-chainid-length', what: 'chainId of 21 digits (the chain with leading zeros)', path: (s) => ({ chainId: s.chainId.padStart(21, '0'), address: s.address }) },
  { rule: 'VF-4.8-chainid-pattern', what: 'chainId in hexadecimal (letters)', path: (s) => ({ chainId: `0x${BigInt(s.chainId).toString(16)}`, address: s.address }) },
  { rule: 'VF-4.8-chainid-pattern', what: 'chainId of letters', path: (s) => ({ chainId: 'mainnet', address: s.address }) },
  { rule: 'VF-4.8-address-length', what: 'address of 41 characters', path: (s) => ({ chainId: s.chainId, address: s.address.slice(0, -1) }) },
  { rule: 'VF-4.8-address-length', what: 'address of 43 characters', path: (s) => ({ chainId: s.chainId, address: `${s.address}0` }) },
  { rule: 'VF-4.8-address-pattern', what: 'address without 0x', path: (s) => ({ chainId: s.chainId, address: s.address.slice(2) }) },
  { rule: 'VF-4.8-address-pattern', what: 'address with a non-hex digit', path: (s) => ({ chainId: s.chainId, address: `${s.address.slice(0, -1)}g` }) },
];
