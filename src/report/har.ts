import { writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Entry, Har } from 'har-format';
import { packageVersion } from '../cli/package-root.ts';
import { readExchangeLog, type ExchangeLogEntry } from '../http/exchange-log.ts';

/**
 * One HAR 1.2 entry per exchange of the (already redacted) exchange log. The log keeps no headers or
 * bodies, so the entry has none; its whole duration is `wait`, and the throttling answers waited out
 * before the final answer travel in the custom field `_throttled`.
 */
function harEntry(exchange: ExchangeLogEntry): Entry {
  const url = new URL(exchange.url);
  return {
    startedDateTime: exchange.startedAt,
    time: exchange.durationMs,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status: exchange.status,
      statusText: STATUS_CODES[exchange.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: -1, mimeType: '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    ...(exchange.throttled.length ? { _throttled: exchange.throttled } : {}),
  };
}

/** The run's exchanges as a HAR 1.2 log, for devtools, API clients and snippet generators. */
function harFromExchangeLog(entries: ExchangeLogEntry[]): Har {
  return { log: { version: '1.2', creator: { name: 'ledger-conformance', version: packageVersion() }, entries: entries.map(harEntry) } };
}

/** Writes `harPath` from the exchange log at `logPath` (an empty log when the run sent nothing). */
export function writeHar(logPath: string, harPath: string): void {
  writeFileSync(harPath, `${JSON.stringify(harFromExchangeLog(readExchangeLog(logPath)), null, 1)}\n`);
}
