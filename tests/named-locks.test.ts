import { describe, expect, it } from 'vitest';
import { createNamedLocks, type LockClaim } from '../src/harness/named-locks.ts';

/** Asks for each claim in order; tells which of them hold their lock now, and releases one. */
function askAll(claims: LockClaim[]) {
  const locks = createNamedLocks();
  const tokens: Array<number | undefined> = claims.map(() => undefined);
  const granted = claims.map((claim, i) => locks.acquire(claim).then((token) => (tokens[i] = token)));
  const holding = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return tokens.flatMap((token, i) => (token === undefined ? [] : [i]));
  };
  const release = (i: number) => {
    locks.release(tokens[i]!);
    tokens[i] = undefined;
  };
  return { locks, tokens, granted, holding, release };
}

describe('createNamedLocks', () => {
  it('grants claims on keys apart at once, and a claim on a shared key after its holder', async () => {
    const { release, holding } = askAll([
      { name: 'interface verify', keys: ['296/0xa', '296/0xs'] },
      { name: 'interface verify', keys: ['296/0xb'] },
      { name: 'interface verify', keys: ['296/0xs', '296/0xc'] },
    ]);
    expect(await holding()).toEqual([0, 1]);
    release(0);
    expect(await holding()).toEqual([1, 2]);
  });

  it('holds a claim without keys alone on its name, and claims on other names beside it', async () => {
    const { release, holding } = askAll([
      { name: 'interface verify', keys: ['296/0xa'] },
      { name: 'interface verify' },
      { name: 'interface ledger-query', keys: ['296/0xa'] },
    ]);
    expect(await holding()).toEqual([0, 2]);
    release(0);
    expect(await holding()).toEqual([1, 2]);
  });

  it('lets no claim pass an earlier one it meets, so a claim of the whole name is not starved', async () => {
    const { release, holding } = askAll([
      { name: 'interface verify', keys: ['296/0xa'] },
      { name: 'interface verify' },
      // Free of the holder, but the whole-name claim asked first: it waits behind it.
      { name: 'interface verify', keys: ['296/0xb'] },
    ]);
    expect(await holding()).toEqual([0]);
    release(0);
    expect(await holding()).toEqual([1]);
    release(1);
    expect(await holding()).toEqual([2]);
  });

  it('refuses a release of a token it does not hold', async () => {
    const { locks, tokens, granted } = askAll([{ name: 'interface verify' }]);
    await granted[0];
    locks.release(tokens[0]!);
    expect(() => locks.release(tokens[0]!)).toThrow(/not held/);
  });
});
