import type { Check } from './rule-test.ts';

export interface FailedCase {
  index: number;
  error: unknown;
}

/**
 * Runs `check` on every item, `atOnce` at a time in order, and starts no new one after a failure;
 * returns the failure with the lowest index, the one a plain loop would have met first.
 */
export async function firstFailedCase<T>(items: readonly T[], check: (item: T) => Promise<void>, atOnce: number): Promise<FailedCase | undefined> {
  if (!Number.isInteger(atOnce) || atOnce < 1) throw new RangeError(`cases at once must be a positive integer, got ${atOnce}`);
  let next = 0;
  const failed: FailedCase[] = [];
  const lane = async () => {
    while (failed.length === 0 && next < items.length) {
      const index = next++;
      try {
        await check(items[index]!);
      } catch (error) {
        failed.push({ index, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
  return failed.sort((a, b) => a.index - b.index)[0];
}

/** Independent checks of one test, `t.casesAtOnce` in flight: throws what a plain loop would have thrown first. */
export async function forEachCase<T>(t: Check, items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  const failed = await firstFailedCase(items, check, t.casesAtOnce);
  if (failed) throw failed.error;
}

/** Independent requests of one test, `t.casesAtOnce` in flight; the results in the items' order. */
export async function mapCases<T, R>(t: Check, items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  await forEachCase(t, items.map((item, index) => ({ item, index })), async ({ item, index }) => {
    results[index] = await work(item);
  });
  return results;
}

/**
 * Independent parts of one test side by side (in order where `t.casesAtOnce` is 1): waits for every
 * part, then throws what running them in order would have thrown first.
 */
export async function partsAtOnce(t: Check, parts: Array<() => Promise<void>>): Promise<void> {
  if (t.casesAtOnce === 1) {
    for (const part of parts) await part();
    return;
  }
  const failed = (await Promise.allSettled(parts.map((part) => part()))).find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
