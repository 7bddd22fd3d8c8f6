/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
