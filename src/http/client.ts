import { Agent, request } from './undici-parts.ts';
import type { Exchange } from './exchange.ts';
import { BudgetExhausted } from './request-budget.ts';
import { isThrottlingStatus, retryAfterMs } from './retry-after.ts';
import type { TargetPacer } from './target-pacer.ts';
import { TargetFault, type FailedAttempt } from './transport-faults.ts';

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
  /** The interface the request checks: each interface of a host is paced and given up on its own. */
  service?: string;
  /** false for checks that are about throttling: the 429 itself is the answer under test. */
  waitOutThrottling?: boolean;
  /** A 429 this names is an answer of the interface (a job still running), not throttling: returned as it is. */
  isAnswer?: (status: number, body: string) => boolean;
  /** The budget of the test sending it, shared by all its requests. */
  allowance?: TestAllowance;
}

/** What one test may spend: attempts and time. Throttling that exhausts it ends the test as throttled. */
export interface TestAllowance {
  deadline: number;
  maxAttempts: number;
  attempts: number;
  throttled: number;
}

export interface ClientHooks {
  /** Called before each attempt (rate limit, budget); may throw to stop the request. */
  beforeSend(origin?: string): Promise<void>;
  /** Every final exchange, for the per-test record and the run's log. */
  onExchange(exchange: Exchange): void;
  /** A request that ended without an answer to judge (transport fault, throttled out), for the run's log. */
  onGiveUp?(entry: Omit<Exchange, 'requestHeaders' | 'responseHeaders' | 'responseBody'> & { fault: string }): void;
}

export interface ClientOptions {
  headers: Record<string, string>;
  /** Bound of one attempt, from connecting to the last byte of the body. */
  timeoutMs: number;
  /** Throttling answers are retried this often, each wait capped at maxWaitMs. */
  throttle: { maxRetries: number; maxWaitMs: number };
  /** Answer bodies beyond this many bytes are not read: a target fault (default 10 MB). */
  maxBodyBytes?: number;
  /** Re-sends of an idempotent request after a reset or timeout (default 2). */
  transportRetries?: number;
  /** Paces each target to its throttling and gives up targets that keep failing. */
  pacer?: TargetPacer;
  /** Masks secrets in an answer before anything reads it (checks clip answers into messages). */
  redactAnswer?: (exchange: Exchange) => Exchange;
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

export const DEFAULT_MAX_BODY_BYTES = 10_000_000;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Connection-level errors that mean the target was not there at all. */
const NOT_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

// Enough connections for many cases in flight at once (tests x cases), so few wait for a socket.
const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

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

/** An attempt that got no usable answer; `notThere` when nothing listened at all. */
class AttemptFailed extends Error {
  constructor(message: string, readonly notThere: boolean, readonly retryable: boolean) {
    super(message);
  }
}

/**
 * An HTTP client on undici that records every exchange, bounds each attempt in time and size,
 * re-sends idempotent requests after transient transport faults, and waits out polite throttling
 * at the pace the target asks for. Retries are a loop here rather than undici's RetryAgent: every
 * attempt must pass the run's budget, rate limit and attempt log, and a body cut short is retried
 * whole (RetryAgent resumes bodies with Range requests, which these targets need not support).
 */
export function createClient(options: ClientOptions) {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const transportRetries = options.transportRetries ?? 2;

  async function attempt(req: OutgoingRequest, url: string, headers: Record<string, string>, body: string | Uint8Array | undefined) {
    const started = Date.now();
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), options.timeoutMs);
    try {
      const res = await request(agent, url, { method: req.method as 'GET', headers, body, signal: abort.signal });
      const declared = Number(res.headers['content-length']);
      if (declared > maxBody) {
        res.body.destroy();
        throw new AttemptFailed(`answered ${res.statusCode} with a body of ${declared} bytes, beyond the cap of ${maxBody} bytes`, false, false);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > maxBody) {
          res.body.destroy();
          throw new AttemptFailed(`answered ${res.statusCode} with a body beyond the cap of ${maxBody} bytes`, false, false);
        }
        chunks.push(chunk as Buffer);
      }
      return { status: res.statusCode, headers: flattenHeaders(res.headers), body: Buffer.concat(chunks).toString('utf8'), started, durationMs: Date.now() - started };
    } catch (error) {
      if (error instanceof AttemptFailed) throw error;
      const e = error as Error & { code?: string; cause?: { code?: string } };
      const code = e.code ?? e.cause?.code;
      if (abort.signal.aborted) throw new AttemptFailed(`no complete answer within ${options.timeoutMs} ms`, false, true);
      throw new AttemptFailed(`${code ?? e.name}: ${e.message}`, NOT_THERE.has(code ?? ''), true);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sleeps `ms` unless that crosses the test's deadline: then the throttling has used its time up. */
  async function waitOut(ms: number, what: string, allowance: TestAllowance | undefined) {
    if (allowance && Date.now() + ms > allowance.deadline) throw new ThrottledOut(`${what}; waiting ${ms} ms more would pass the test's time budget`);
    await new Promise((r) => setTimeout(r, ms));
  }

  return {
    async send(req: OutgoingRequest): Promise<Exchange> {
      const url = buildUrl(req);
      const origin = new URL(url).origin;
      // Paced per interface, not per host: a verifier's rate limit must not stall the query service beside it.
      const target = req.service ? `${origin} (${req.service})` : origin;
      const method = req.method.toUpperCase();
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
      const allowance = req.allowance;
      const throttled: Exchange['throttled'] = [];
      const failed: FailedAttempt[] = [];
      const firstStart = Date.now();
      const giveUp = (error: Error, fault: string) => {
        options.hooks.onGiveUp?.({ method: req.method, url, status: 0, startedAt: new Date(firstStart).toISOString(), durationMs: Date.now() - firstStart, throttled, fault });
        return error;
      };
      for (;;) {
        if (allowance) {
          const spent = allowance.attempts >= allowance.maxAttempts ? `${allowance.attempts} requests` : Date.now() >= allowance.deadline ? 'its time' : undefined;
          if (spent) {
            const message = `the test spent its budget (${spent}) before ${req.method} ${url}`;
            throw allowance.throttled ? new ThrottledOut(`${message}, after ${allowance.throttled} throttling answer(s)`) : new BudgetExhausted(message);
          }
        }
        let ticket = 0;
        try {
          ticket = (await options.pacer?.wait(target)) ?? 0;
        } catch (error) {
          // Given up between two attempts of this request: its faults are on record.
          throw failed.length ? giveUp(error as Error, (error as Error).message) : error;
        }
        try {
          await options.hooks.beforeSend(origin);
        } catch (error) {
          options.pacer?.withdrawn(target, ticket);
          throw error;
        }
        if (allowance) allowance.attempts += 1;
        let res: Awaited<ReturnType<typeof attempt>>;
        const attemptStart = Date.now();
        try {
          res = await attempt(req, url, headers, body);
        } catch (error) {
          const e = error as AttemptFailed;
          options.pacer?.faulted(target, ticket, e.message);
          failed.push({ startedAt: new Date(attemptStart).toISOString(), durationMs: Date.now() - attemptStart, error: e.message });
          if (e.retryable && IDEMPOTENT.has(method) && failed.length <= transportRetries) {
            await new Promise((r) => setTimeout(r, 200 * 2 ** (failed.length - 1)));
            continue;
          }
          const what = `${req.method} ${url}: ${e.message}${failed.length > 1 ? ` (${failed.length} attempts)` : ''}`;
          if (e.notThere) throw giveUp(new TargetUnreachable(what), e.message);
          throw giveUp(new TargetFault(what, failed), e.message);
        }
        options.pacer?.answered(target, ticket);
        const wait = retryAfterMs(res.headers['retry-after']);
        const isThrottle = isThrottlingStatus(res.status, res.headers['retry-after']) && !req.isAnswer?.(res.status, res.body);
        if (isThrottle) {
          const waitedMs = Math.min(wait ?? 1000, options.throttle.maxWaitMs);
          options.pacer?.throttled(target, waitedMs);
          if (allowance) allowance.throttled += 1;
        }
        if (isThrottle && req.waitOutThrottling !== false) {
          const what = `${req.method} ${url} answered ${res.status}`;
          // A 503 may come after the server acted: only an idempotent request is sent again.
          if (res.status === 503 && !IDEMPOTENT.has(method)) throw giveUp(new ThrottledOut(`${what} with Retry-After; not re-sent, it is not idempotent`), `${res.status}`);
          if (throttled.length >= options.throttle.maxRetries) throw giveUp(new ThrottledOut(`${what} after ${throttled.length} waits`), `${res.status}`);
          const waitedMs = Math.min(wait ?? 1000, options.throttle.maxWaitMs);
          throttled.push({ status: res.status, waitedMs });
          try {
            await waitOut(waitedMs, what, allowance);
          } catch (error) {
            throw giveUp(error as Error, `${res.status}`);
          }
          continue;
        }
        const raw: Exchange = {
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
        const exchange = options.redactAnswer ? options.redactAnswer(raw) : raw;
        options.hooks.onExchange(exchange);
        return exchange;
      }
    },
  };
}

export type TargetClient = ReturnType<typeof createClient>;
