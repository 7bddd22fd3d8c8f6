/**
 * An error outside any test as one line, with the errors it wraps: vitest's pool reports a worker's
 * failure as "Worker ... emitted error" and keeps what happened (out of memory, a crash) in `cause`.
 */
export function describeErrorChain(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    const { name, message, cause } = e as { name?: string; message?: string; cause?: unknown };
    parts.push(message === undefined ? String(e) : `${name ?? 'Error'}: ${message}`);
    e = cause;
  }
  return parts.join(' (caused by ') + ')'.repeat(parts.length - 1);
}
