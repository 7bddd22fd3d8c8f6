/** Spaces requests so that no more than `perSecond` start in any second (Infinity = no limit). */
export function createRateLimiter(perSecond: number): { acquire(): Promise<void> } {
  const gapMs = Number.isFinite(perSecond) && perSecond > 0 ? 1000 / perSecond : 0;
  let nextSlot = 0;
  return {
    async acquire() {
      if (gapMs === 0) return;
      const now = Date.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + gapMs;
      if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
    },
  };
}
