// Validation of a verification request (contract 4.8): path parameters and body, schema-level only.
// Whether the chain is supported is decided after this, so a bad body on an unknown chain is
// an invalid_parameter (the notes: schema validation runs first).

const CHAIN_ID = /^\d+$/;
// The contract's patterns, unanchored as it writes them; the address's 42-character length makes
// that one exact, while a hash pattern is satisfied by a string that contains a valid hash.
const ADDRESS = /(\b0x[a-fA-F0-9]{40}\b)/;
const TX_HASH = /(\b0x[a-f0-9]{64}\b)/;
export const COMPILER_VERSION = /^v?\d+\.\d+\.\d+.*$/;
export const LANGUAGES = ['Solidity', 'Vyper', 'Fe'];
/** `path/to/file:ContractName`: a path without a colon, one colon, a Solidity identifier. */
const CONTRACT_IDENTIFIER = /^[^:]+:[A-Za-z_$][A-Za-z0-9_$]*$/;

export interface VerifyRequest {
  chainId: string;
  /** Lowercase 0x address. */
  address: string;
  stdJsonInput: { language: string; sources: Record<string, unknown>; [key: string]: unknown };
  compilerVersion: string;
  /** The identifier split at its colon: the source path and the contract name. */
  contractPath: string;
  contractName: string;
  creationTransactionHash: string | null;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string };

function validateChainId(chainId: string): string | null {
  return chainId.length >= 1 && chainId.length <= 20 && CHAIN_ID.test(chainId) ? null : 'chainId must be 1 to 20 decimal digits';
}

function validateAddress(address: string): string | null {
  return address.length === 42 && ADDRESS.test(address) ? null : 'address must be 0x followed by 40 hexadecimal digits';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function validateVerifyRequest(params: { chainId: string; address: string }, body: unknown): Validated<VerifyRequest> {
  const problem = validateChainId(params.chainId) ?? validateAddress(params.address);
  if (problem) return { ok: false, message: problem };
  if (!isPlainObject(body)) return { ok: false, message: 'the body must be a JSON object' };

  const { stdJsonInput, compilerVersion, contractIdentifier, creationTransactionHash } = body;
  if (!isPlainObject(stdJsonInput)) return { ok: false, message: 'stdJsonInput is required and must be an object' };
  if (typeof stdJsonInput.language !== 'string' || !LANGUAGES.includes(stdJsonInput.language)) {
    return { ok: false, message: `stdJsonInput.language must be one of ${LANGUAGES.join(', ')}` };
  }
  if (!isPlainObject(stdJsonInput.sources)) return { ok: false, message: 'stdJsonInput.sources is required and must be an object' };
  // The contract: the input "must contain language ... and the sources and settings".
  if (!isPlainObject(stdJsonInput.settings)) return { ok: false, message: 'stdJsonInput.settings is required and must be an object' };
  if (typeof compilerVersion !== 'string' || !COMPILER_VERSION.test(compilerVersion)) {
    return { ok: false, message: 'compilerVersion is required and must look like 0.8.37+commit.f401782d' };
  }
  if (typeof contractIdentifier !== 'string' || !CONTRACT_IDENTIFIER.test(contractIdentifier)) {
    return { ok: false, message: 'contractIdentifier must be path/to/file:ContractName' };
  }
  const colon = contractIdentifier.indexOf(':');
  if (creationTransactionHash !== undefined && (typeof creationTransactionHash !== 'string' || !TX_HASH.test(creationTransactionHash))) {
    return { ok: false, message: 'creationTransactionHash must be 0x followed by 64 lowercase hexadecimal digits' };
  }

  return {
    ok: true,
    value: {
      chainId: params.chainId,
      address: params.address.toLowerCase(),
      stdJsonInput: stdJsonInput as VerifyRequest['stdJsonInput'],
      compilerVersion,
      contractPath: contractIdentifier.slice(0, colon),
      contractName: contractIdentifier.slice(colon + 1),
      creationTransactionHash: typeof creationTransactionHash === 'string' ? creationTransactionHash : null,
    },
  };
}
