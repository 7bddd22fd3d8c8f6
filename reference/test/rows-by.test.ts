import { describe, expect, it } from 'vitest';
import { rowsBy } from '../query/rows-by.ts';

describe('rowsBy', () => {
  it('groups the rows by their parent, keeping their order, with 64-bit keys matched by value', () => {
    const rows = [{ parent: 7n, at: 1 }, { parent: 3n, at: 2 }, { parent: 7n, at: 3 }, { parent: BigInt('7'), at: 4 }];
    const groups = rowsBy(rows, (r) => r.parent);
    expect(groups.get(7n)?.map((r) => r.at)).toEqual([1, 3, 4]);
    expect(groups.get(3n)?.map((r) => r.at)).toEqual([2]);
    expect(groups.get(5n)).toBeUndefined();
  });
});
