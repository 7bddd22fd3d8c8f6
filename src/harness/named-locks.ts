/**
 * What a turn holds: a name (an interface's state), all of it or only some of its keys (the
 * addresses a test may change). Two claims on one name meet when either holds all of it or their
 * keys share one; claims on other names, or on keys apart, never meet.
 */
export interface LockClaim {
  name: string;
  /** Without keys, the claim holds every key of the name. */
  keys?: readonly string[];
}

/**
 * Locks by claim, granted in the order asked: a holder runs alone among the claims that meet its
 * own, and a claim never passes an earlier one it meets, so none waits for ever. The run
 * coordinator keeps them, so tests in different workers can take turns.
 */
export interface NamedLocks {
  /** Resolves with a token once the claim is this caller's; it must call release(token) after. */
  acquire(claim: LockClaim): Promise<number>;
  release(token: number): void;
}

interface Entry {
  token: number;
  name: string;
  keys?: ReadonlySet<string>;
  grant(): void;
}

function meet(a: Entry, b: Entry): boolean {
  if (a.name !== b.name) return false;
  if (!a.keys || !b.keys) return true;
  for (const key of a.keys) if (b.keys.has(key)) return true;
  return false;
}

export function createNamedLocks(): NamedLocks {
  const held = new Map<number, Entry>();
  const waiting: Entry[] = [];
  let tokens = 0;
  // Grants every waiting claim that meets neither a holder nor a claim asked before it.
  const grantFree = () => {
    for (let i = 0; i < waiting.length; ) {
      const entry = waiting[i]!;
      const blocked = [...held.values()].some((h) => meet(h, entry)) || waiting.slice(0, i).some((w) => meet(w, entry));
      if (blocked) {
        i += 1;
        continue;
      }
      waiting.splice(i, 1);
      held.set(entry.token, entry);
      entry.grant();
    }
  };
  return {
    acquire(claim) {
      const token = ++tokens;
      return new Promise<number>((resolve) => {
        waiting.push({ token, name: claim.name, ...(claim.keys ? { keys: new Set(claim.keys) } : {}), grant: () => resolve(token) });
        grantFree();
      });
    },
    release(token) {
      if (!held.delete(token)) throw new Error(`lock token ${token} released but not held`);
      grantFree();
    },
  };
}
