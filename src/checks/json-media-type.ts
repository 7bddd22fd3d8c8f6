import type { Exchange } from '../http/exchange.ts';

/** application/json or a +json type, parameters (charset) and letter case aside. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Whether the answer labels its body as JSON: in HTTP a body's media type is the one its
 * Content-Type names (RFC 9110, 8.3), so JSON labelled otherwise is not a JSON answer to a client.
 */
export function labelledJson(exchange: Exchange): boolean {
  return JSON_MEDIA_TYPE.test(exchange.responseHeaders['content-type'] ?? '');
}
