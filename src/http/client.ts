import { Agent, request } from 'undici';
import type { Exchange } from './exchange.ts';
import { retryAfterMs } from './retry-after.ts';

export interface OutgoingRequest {
  method: string;
  /** Absolute URL, or a path joined to `base` (a relative links.next is such a path). */
  url: string;
  base?: string;
  query?: Array<[string, string]>;
  /** A query string sent verbatim (for keys like `limit[x]` that must not be re-encoded). */
  rawQuery?: string;
  headers?: Record<string, string>;
  /** Bytes and strings are sent as they are; anything else as JSON. */
  body?: unknown;
  contentType?: string;
  /** false for checks that are about throttling: the 429 itself is the answer under test. */
  waitOutThrottling?: boolean;
}

export interface ClientHooks {
  /** Called before each attempt (rate limit, budget); may throw to stop the request. */
  beforeSend(): Promise<void>;
  /** Every final exchange, for the per-test record and the run's log. */
  onExchange(exchange: Exchange): void;
}

export interface ClientOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  /** Throttling answers are retried this often, each wait capped at maxWaitMs. */
  throttle: { maxRetries: number; maxWaitMs: number };
  hooks: ClientHooks;
}

/** Thrown when the target cannot be reached or does not answer in time: no answer to judge. */
export class TargetUnreachable extends Error {
  override name = 'TargetUnreachable';
}

/** Thrown when the target still throttles after the allowed retries: the check could not run. */
export class ThrottledOut extends Error {
  override name = 'ThrottledOut';
}

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 8 });

export function buildUrl(req: Pick<OutgoingRequest, 'url' | 'base' | 'query' | 'rawQuery'>): string {
  const url = req.base ? joinUrl(req.base, req.url) : new URL(req.url);
  for (const [k, v] of req.query ?? []) url.searchParams.append(k, v);
  let text = url.toString();
  if (req.rawQuery) text += (url.search ? '&' : '?') + req.rawQuery;
  return text;
}

/** Joins a path such as `/api/v1/x?y` to a base URL that may itself carry a path prefix. */
export function joinUrl(base: string, path: string): URL {
  if (/^https?:\/\//.test(path)) return new URL(path);
  const b = new URL(base);
  const prefix = b.pathname.replace(/\/+$/, '');
  return new URL(`${b.origin}${path.startsWith(prefix + '/') && prefix ? '' : prefix}${path.startsWith('/') ? '' : '/'}${path}`);
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** An HTTP client on undici that records every exchange and waits out polite throttling. */
export function createClient(options: ClientOptions) {
  async function attempt(req: OutgoingRequest, url: string, headers: Record<string, string>, body: string | Uint8Array | undefined) {
    await options.hooks.beforeSend();
    const started = Date.now();
    try {
      const res = await request(url, {
        method: req.method as 'GET',
        headers,
        body,
        dispatcher: agent,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      const text = await res.body.text();
      return { status: res.statusCode, headers: flattenHeaders(res.headers), body: text, started, durationMs: Date.now() - started };
    } catch (error) {
      const e = error as Error & { code?: string };
      const what = e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT'
        ? `no answer within ${options.timeoutMs} ms`
        : `${e.code ?? e.name}: ${e.message}`;
      throw new TargetUnreachable(`${req.method} ${url}: ${what}`);
    }
  }

  return {
    async send(req: OutgoingRequest): Promise<Exchange> {
      const url = buildUrl(req);
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers, ...req.headers };
      let body: string | Uint8Array | undefined;
      if (req.body instanceof Uint8Array) {
        body = req.body;
        headers['content-type'] = req.contentType ?? 'application/octet-stream';
      } else if (req.body !== undefined) {
        body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
        headers['content-type'] = req.contentType ?? (typeof req.body === 'string' ? 'text/plain' : 'application/json');
      } else if (req.contentType) {
        headers['content-type'] = req.contentType;
      }
      const throttled: Exchange['throttled'] = [];
      for (;;) {
        const res = await attempt(req, url, headers, body);
        const wait = retryAfterMs(res.headers['retry-after']);
        const isThrottle = res.status === 429 || (res.status === 503 && wait !== undefined);
        if (isThrottle && req.waitOutThrottling !== false) {
          if (throttled.length >= options.throttle.maxRetries) {
            throw new ThrottledOut(`${req.method} ${url} still answered ${res.status} after ${throttled.length} waits`);
          }
          const waitedMs = Math.min(wait ?? 1000, options.throttle.maxWaitMs);
          throttled.push({ status: res.status, waitedMs });
          await new Promise((r) => setTimeout(r, waitedMs));
          continue;
        }
        const exchange: Exchange = {
          method: req.method,
          url,
          requestHeaders: headers,
          // Binary bodies (protobuf) are kept as base64 so the exchange stays JSON and reproducible.
          ...(body instanceof Uint8Array ? { requestBody: Buffer.from(body).toString('base64'), requestBodyEncoding: 'base64' as const } : { requestBody: body }),
          status: res.status,
          responseHeaders: res.headers,
          responseBody: res.body,
          startedAt: new Date(res.started).toISOString(),
          durationMs: res.durationMs,
          throttled,
        };
        options.hooks.onExchange(exchange);
        return exchange;
      }
    },
  };
}

export type TargetClient = ReturnType<typeof createClient>;
