/** Slack kept on top of the one-second window: arrival jitter on the wire must not put one more request in a second. */
const WINDOW_MS = 1080;

/**
 * Holds the run to `perSecond` requests in every one-second window (Infinity = no limit): requests
 * are spaced evenly, and the start `perSecond` requests back must lie a whole window behind.
 * `earlier` are start times (epoch ms) of requests the run sent before this limiter existed.
 */
export function createRateLimiter(perSecond: number, earlier: number[] = []): { acquire(): Promise<void> } {
  const limited = Number.isFinite(perSecond) && perSecond > 0;
  const inWindow = limited ? Math.max(1, Math.floor(perSecond)) : 0;
  const gapMs = limited ? 1000 / perSecond : 0;
  const starts = limited ? [...earlier].sort((a, b) => a - b).slice(-inWindow) : [];
  let chain = Promise.resolve();
  return {
    acquire() {
      if (!limited) return Promise.resolve();
      // Callers queue: each start is decided after the one before it has been taken.
      const turn = chain.then(async () => {
        const last = starts[starts.length - 1];
        const windowStart = starts.length >= inWindow ? starts[starts.length - inWindow]! : undefined;
        const slot = Math.max(Date.now(), last === undefined ? 0 : last + gapMs, windowStart === undefined ? 0 : windowStart + WINDOW_MS);
        if (slot > Date.now()) await new Promise((r) => setTimeout(r, slot - Date.now()));
        starts.push(Date.now());
        if (starts.length > inWindow) starts.shift();
      });
      chain = turn;
      return turn;
    },
  };
}
