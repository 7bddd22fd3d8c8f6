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

/** The response body parsed as JSON, or undefined when it is not JSON. */
export function responseJson(exchange: Pick<Exchange, 'responseBody'>): unknown {
  try {
    return JSON.parse(exchange.responseBody);
  } catch {
    return undefined;
  }
}

export function describeExchange(exchange: Exchange): string {
  return `${exchange.method} ${exchange.url} -> ${exchange.status}`;
}
