/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The one test of throttling: a 429, or a 503 whose Retry-After can be read (the target asking for
 * patience, not a server error). The client waits these out; the every-answer rules count them as throttling.
 */
export function isThrottlingStatus(status: number, retryAfter: string | undefined): boolean {
  return status === 429 || (status === 503 && retryAfterMs(retryAfter) !== undefined);
}
