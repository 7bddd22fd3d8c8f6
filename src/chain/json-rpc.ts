// JSON-RPC 2.0 over HTTP for run --verify-rpc: one POST per call, bounded in time. Whatever keeps a
// call from its result (no answer, an HTTP failure, a body that is not JSON, the node's error object)
// rejects with an Error of one line, for the ConfigError that says which step of the run it stopped.

/** Bound of one call: a development chain answers at once, and a silent one must not hold the run. */
const CALL_TIMEOUT_MS = 10_000;

export interface JsonRpc {
  /** A call without effect on the chain: tried once more after a failure that may pass (no answer, HTTP 429 or 5xx). */
  read<T>(method: string, params?: unknown[]): Promise<T>;
  /** A call that changes the chain (sends a transaction): tried once, since a lost answer may hide a sent transaction. */
  write<T>(method: string, params?: unknown[]): Promise<T>;
}

/** A failure a second attempt may not meet (no answer, a busy or failing server); the node's error object is an answer, not one. */
class TransientFailure extends Error {}

/** The transport's reason, without the URL: a provider's path often carries a key. */
function noAnswer(error: unknown, timeoutMs: number): string {
  if ((error as Error)?.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  // fetch fails with "fetch failed" and the socket's error as its cause (an AggregateError without a message for several addresses).
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return `no answer (${cause?.message || cause?.code || String((error as Error)?.message ?? error)})`;
}

function errorObjectLine(error: { code?: unknown; message?: unknown }): string {
  const message = typeof error.message === 'string' && error.message ? error.message.split('\n')[0]! : 'no message';
  return `${message} (JSON-RPC error ${String(error.code)})`;
}

let lastId = 0;

async function callOnce(url: string, method: string, params: unknown[], timeoutMs: number): Promise<unknown> {
  let status: number;
  let statusText: string;
  let text: string;
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++lastId, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    ({ status, statusText } = answer);
    text = await answer.text();
  } catch (error) {
    throw new TransientFailure(noAnswer(error, timeoutMs));
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const envelope = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { result?: unknown; error?: { code?: unknown; message?: unknown } }) : undefined;
  // Some nodes answer their error object with an HTTP error status: the object says more.
  if (envelope?.error && typeof envelope.error === 'object') throw new Error(errorObjectLine(envelope.error));
  if (status < 200 || status > 299) {
    const line = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
    throw status === 429 || status >= 500 ? new TransientFailure(line) : new Error(line);
  }
  if (body === undefined) throw new Error(`the answer (HTTP ${status}) is not JSON`);
  if (!envelope || !('result' in envelope)) throw new Error(`the answer (HTTP ${status}) is not a JSON-RPC response: it has neither result nor error`);
  return envelope.result;
}

/** An Ethereum JSON-RPC quantity (0x and hex digits) as a bigint; anything else is a wrong answer of `method`. */
export function quantity(value: unknown, method: string): bigint {
  if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) return BigInt(value);
  throw new Error(`${method} answered ${String(JSON.stringify(value)).slice(0, 80)}, not a quantity`);
}

/** The caller of the node at `url`; `timeoutMs` bounds each attempt. */
export function jsonRpc(url: string, timeoutMs = CALL_TIMEOUT_MS): JsonRpc {
  return {
    async read<T>(method: string, params: unknown[] = []) {
      try {
        return (await callOnce(url, method, params, timeoutMs)) as T;
      } catch (error) {
        if (!(error instanceof TransientFailure)) throw error;
        return (await callOnce(url, method, params, timeoutMs)) as T;
      }
    },
    async write<T>(method: string, params: unknown[] = []) {
      return (await callOnce(url, method, params, timeoutMs)) as T;
    },
  };
}
