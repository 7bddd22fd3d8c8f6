import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Exchange } from './exchange.ts';

/** What the run's exchange log keeps of a final answer: no headers or bodies, only what the report counts. */
export type ExchangeLogEntry = Pick<Exchange, 'method' | 'url' | 'status' | 'startedAt' | 'durationMs' | 'throttled'> & {
  /** Why a request ended without an answer to judge (status 0): a transport fault or throttling it gave up on. */
  fault?: string;
};

/** Appends one JSON line; the caller redacts first. */
export function logExchange(path: string, { method, url, status, startedAt, durationMs, throttled, fault }: ExchangeLogEntry): void {
  appendFileSync(path, `${JSON.stringify({ method, url, status, startedAt, durationMs, throttled, ...(fault ? { fault } : {}) })}\n`);
}

export function readExchangeLog(path: string): ExchangeLogEntry[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as ExchangeLogEntry);
}
