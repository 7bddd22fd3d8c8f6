// compareEntityIds orders EntityIds part by part as numbers, however many ids it has met before.
import { describe, expect, it } from 'vitest';
import { compareEntityIds } from '../src/checks/entity-id-order.ts';

describe('compareEntityIds', () => {
  it('orders shard, then realm, then num, as numbers; a bare number is the 0.0. form', () => {
    expect(compareEntityIds('0.0.9', '0.0.10')).toBe(-1);
    expect(compareEntityIds('0.1.1', '0.0.99')).toBe(1);
    expect(compareEntityIds('1.0.0', '0.9.9')).toBe(1);
    expect(compareEntityIds('42', '0.0.42')).toBe(0);
    expect(compareEntityIds('0.0.0042', '0.0.42')).toBe(0);
    expect(() => compareEntityIds('0.0', '0.0.1')).toThrow(RangeError);
  });

  it('sorts thousands of ids (more than it keeps converted) in numeric order, twice alike', () => {
    const ids = Array.from({ length: 6000 }, (_, i) => (i % 3 === 0 ? String(i) : `${i % 2}.${i % 5}.${i}`));
    const expected = [...ids].sort((a, b) => {
      const parts = (t: string) => (t.includes('.') ? t.split('.').map(BigInt) : [0n, 0n, BigInt(t)]);
      const [pa, pb] = [parts(a), parts(b)];
      for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! < pb[i]! ? -1 : 1;
      return 0;
    });
    const shuffled = [...ids].reverse();
    expect([...shuffled].sort(compareEntityIds)).toEqual(expected);
    expect([...shuffled].sort(compareEntityIds)).toEqual(expected);
  });
});
