/** Slack kept on top of the one-second window: arrival jitter on the wire must not put one more request in a second. */
const WINDOW_MS = 1080;
/** A request that could not leave within this long after its slot takes a new one, so starts keep the slots' spacing. */
const LATE_MS = 20;

export interface RateLimiter {
  /** Takes the next start the rate allows (epoch ms, now or later) and counts a request as leaving then. */
  reserve(): number;
  /** Resolves when a request may leave. */
  acquire(): Promise<void>;
}

/**
 * Holds the run to `perSecond` requests in every one-second window (Infinity = no limit): requests
 * are spaced evenly, and the start `perSecond` requests back must lie a whole window behind.
 * `earlier` are start times (epoch ms) of requests the run sent before this limiter existed.
 */
export function createRateLimiter(perSecond: number, earlier: number[] = []): RateLimiter {
  const limited = Number.isFinite(perSecond) && perSecond > 0;
  const inWindow = limited ? Math.max(1, Math.floor(perSecond)) : 0;
  const gapMs = limited ? 1000 / perSecond : 0;
  const starts = limited ? [...earlier].sort((a, b) => a - b).slice(-inWindow) : [];
  const reserve = () => {
    if (!limited) return Date.now();
    const last = starts[starts.length - 1];
    const windowStart = starts.length >= inWindow ? starts[starts.length - inWindow]! : undefined;
    const slot = Math.max(Date.now(), last === undefined ? 0 : last + gapMs, windowStart === undefined ? 0 : windowStart + WINDOW_MS);
    starts.push(slot);
    if (starts.length > inWindow) starts.shift();
    return slot;
  };
  return { reserve, acquire: () => leaveInSlot(reserve) };
}

/**
 * Waits for a slot from `reserve` and resolves within LATE_MS after it; a wait that ended later (a
 * busy event loop, a slow answer from the run's coordinator) gives its slot up and takes the next.
 * A slot given up counts as a request sent: the run sends less, never more, than the rate.
 */
export async function leaveInSlot(reserve: () => number | Promise<number>): Promise<void> {
  for (;;) {
    const slot = await reserve();
    if (slot > Date.now()) await new Promise((r) => setTimeout(r, slot - Date.now()));
    if (Date.now() - slot <= LATE_MS) return;
  }
}
