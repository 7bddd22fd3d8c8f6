// The standard view calls offered as contract-call candidates carry the selectors every ERC-20
// tool uses, computed from their signatures, and balanceOf asks for the contract's own balance.
import { describe, expect, it } from 'vitest';
import { functionSelector, viewCalls } from '../src/discovery/view-calls.ts';

describe('standard view calls', () => {
  it('compute selectors as the first four bytes of the signature\'s keccak-256', () => {
    expect(functionSelector('transfer(address,uint256)')).toBe('a9059cbb');
    expect(functionSelector('name()')).toBe('06fdde03');
  });

  it('call name, symbol, decimals, totalSupply and the contract\'s own balanceOf', () => {
    expect(viewCalls('0x0000000000000000000000000000000000001B59')).toEqual([
      { signature: 'name()', data: '0x06fdde03' },
      { signature: 'symbol()', data: '0x95d89b41' },
      { signature: 'decimals()', data: '0x313ce567' },
      { signature: 'totalSupply()', data: '0x18160ddd' },
      { signature: 'balanceOf(address)', data: `0x70a08231${'0'.repeat(60)}1b59` },
    ]);
  });
});
