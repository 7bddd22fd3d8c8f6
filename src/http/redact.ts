import type { Exchange } from './exchange.ts';

/** Header names whose values are credentials whatever the user configured. */
const ALWAYS_SECRET = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);
const MASK = '<redacted>';

export type Redactor = (exchange: Exchange) => Exchange;

/**
 * Replaces every configured header value (and the always-secret headers) with a mask, in headers,
 * URLs and bodies alike: a target may echo a token back in an error message.
 */
export function createRedactor(secretHeaders: Record<string, string>): { exchange: Redactor; text: (s: string) => string } {
  // The credential inside a value ("Bearer <token>") leaks on its own too, e.g. echoed in a URL.
  const parts = Object.values(secretHeaders).flatMap((v) => [v, ...v.split(/\s+/).filter((w) => w.length >= 6)]);
  const secrets = [...new Set(parts.filter((v) => v.length >= 4))].sort((a, b) => b.length - a.length);
  const secretNames = new Set([...ALWAYS_SECRET, ...Object.keys(secretHeaders).map((k) => k.toLowerCase())]);
  const text = (s: string) => secrets.reduce((out, secret) => out.split(secret).join(MASK), s);
  const headers = (h: Record<string, string>) =>
    Object.fromEntries(Object.entries(h).map(([k, v]) => [k, secretNames.has(k.toLowerCase()) ? MASK : text(v)]));
  return {
    text,
    exchange: (ex) => ({
      ...ex,
      url: text(ex.url),
      requestHeaders: headers(ex.requestHeaders),
      requestBody: ex.requestBody === undefined ? undefined : text(ex.requestBody),
      responseHeaders: headers(ex.responseHeaders),
      responseBody: text(ex.responseBody),
    }),
  };
}
