// A fixed-window request counter per client: the verification interface answers excess traffic
// with too_many_requests and tells the client when the window ends (Retry-After).

export interface RateLimitOptions {
  requests: number;
  windowMs: number;
}

// A window of one second: Retry-After counts whole seconds, so a client throttled in a longer
// window waited up to its length (a verification run spent a third of its time waiting so).
export const DEFAULT_VERIFY_RATE_LIMIT: RateLimitOptions = { requests: 60, windowMs: 1_000 };

export interface FixedWindowLimiter {
  /** Counts a request; returns null when allowed, or the seconds until the window resets. */
  take(client: string, nowMs: number): number | null;
}

export function fixedWindowLimiter(options: RateLimitOptions): FixedWindowLimiter {
  const windows = new Map<string, { startMs: number; count: number }>();
  return {
    take(client, nowMs) {
      let window = windows.get(client);
      if (!window || nowMs - window.startMs >= options.windowMs) {
        // Forget finished windows of all clients now and then, so the map stays small.
        if (windows.size > 10_000) for (const [key, w] of windows) if (nowMs - w.startMs >= options.windowMs) windows.delete(key);
        window = { startMs: nowMs, count: 0 };
        windows.set(client, window);
      }
      window.count += 1;
      if (window.count <= options.requests) return null;
      return Math.max(1, Math.ceil((window.startMs + options.windowMs - nowMs) / 1000));
    },
  };
}
