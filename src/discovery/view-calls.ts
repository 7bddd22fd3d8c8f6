import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * Read-only functions most token contracts have (the ERC-20 views): calls a target can answer
 * although it recorded no call to copy. balanceOf asks for the contract's own balance.
 */
const VIEW_SIGNATURES = ['name()', 'symbol()', 'decimals()', 'totalSupply()', 'balanceOf(address)'] as const;

/** The 4-byte function selector of a signature: the first bytes of its keccak-256 hash, as hex. */
export function functionSelector(signature: string): string {
  return bytesToHex(keccak_256(new TextEncoder().encode(signature))).slice(0, 8);
}

// Hashed once per process: hashing the same five signatures again for every listed contract took
// 42 ms of a ledger run's worker (keccak in JavaScript), 2 ms with this.
let viewSelectors: string[] | undefined;

/** The call data of each standard view on `contract` (0x, lower case), with the signature it calls. */
export function viewCalls(contract: string): Array<{ signature: string; data: string }> {
  const ownAddress = contract.replace(/^0x/, '').toLowerCase().padStart(64, '0');
  viewSelectors ??= VIEW_SIGNATURES.map(functionSelector);
  return VIEW_SIGNATURES.map((signature, i) => ({
    signature,
    data: `0x${viewSelectors![i]}${signature.endsWith('(address)') ? ownAddress : ''}`,
  }));
}
