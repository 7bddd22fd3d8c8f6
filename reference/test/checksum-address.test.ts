// The verifier's EIP-55 addresses: the standard's own examples, and the same as @ethereumjs/util's
// for addresses of every shape (all digits, all letters, any case given).
import { toChecksumAddress as theirs } from '@ethereumjs/util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from '../verify/checksum-address.ts';

describe('toChecksumAddress', () => {
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('writes the EIP-55 example %s', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address);
  });

  it('agrees with @ethereumjs/util on any address', () => {
    const hex = fc.constantFrom(...'0123456789abcdefABCDEF');
    fc.assert(fc.property(fc.array(hex, { minLength: 40, maxLength: 40 }), (digits) => {
      const address = `0x${digits.join('')}`;
      expect(toChecksumAddress(address)).toBe(theirs(address.toLowerCase()));
    }), { numRuns: 300 });
  });
});
