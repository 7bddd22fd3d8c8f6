/** One request and its answer, as recorded for evidence and reproduction. */
export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  /** Set when requestBody holds the base64 of a binary body. */
  requestBodyEncoding?: 'base64';
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
  startedAt: string;
  durationMs: number;
  /** Throttling answers (429 / 503 with Retry-After) waited out before this final answer. */
  throttled: Array<{ status: number; waitedMs: number }>;
}

// Parsed once per answer: checks, walkers and discovery read one answer several times (a ledger
// run parsed 33 MB, 17 of them again; its worker spent 181 ms parsing, 68-94 ms with this).
// Keyed by the exchange, so the parse goes when the exchange does.
const parsed = new WeakMap<object, unknown>();

/** The response body parsed as JSON, or undefined when it is not JSON. Shared by every reader: never changed. */
export function responseJson(exchange: Pick<Exchange, 'responseBody'>): unknown {
  if (parsed.has(exchange)) return parsed.get(exchange);
  let value: unknown;
  try {
    value = JSON.parse(exchange.responseBody);
  } catch {
    value = undefined;
  }
  parsed.set(exchange, value);
  return value;
}

export function describeExchange(exchange: Exchange): string {
  return `${exchange.method} ${exchange.url} -> ${exchange.status}`;
}
