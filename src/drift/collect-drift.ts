import { logAttempts, readAttemptTimes } from '../http/attempt-log.ts';
import { createClient } from '../http/client.ts';
import { logExchange } from '../http/exchange-log.ts';
import { createRateLimiter } from '../http/rate-limiter.ts';
import { createRedactor } from '../http/redact.ts';
import { readSpecDocument, specPath } from '../../specs/load-spec.ts';
import { compareDocuments } from './compare-documents.ts';
import type { DriftData } from './drift-report.ts';
import { fetchPublishedDocument } from './published-document.ts';
import type { Node } from './schema-view.ts';

export interface DriftInput {
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  maxBodyBytes: number;
  /** The run's rate (requests per second): the fetch keeps to it like every request of the run. */
  rate: number;
  /** Requests the whole run may send; the document fetch is one of them. */
  maxRequests: number;
  attemptLog: string;
  exchangeLog: string;
}

/** Rules of document-wide facts: the definition's version, and the existence of the 4.6 operations. */
export const DOCUMENT_RULES = { version: ['LQ-9-definition-version'], operation: ['LQ-4.6-endpoints-answer'] };

/**
 * `--drift`: fetches the query service's published OpenAPI document (one GET, counted in the run's
 * requests and budget) and compares it with the contract document.
 */
export async function collectDrift(input: DriftInput): Promise<DriftData> {
  if (readAttemptTimes(input.attemptLog).length >= input.maxRequests) {
    return { status: 'skipped', message: 'the request budget was spent before the published document could be fetched (--max-requests)', findings: [] };
  }
  const redact = createRedactor({ headers: input.headers });
  const limiter = createRateLimiter(input.rate, readAttemptTimes(input.attemptLog));
  const client = createClient({
    headers: input.headers,
    timeoutMs: input.timeoutMs,
    maxBodyBytes: input.maxBodyBytes,
    throttle: { maxRetries: 2, maxWaitMs: 10_000 },
    redactAnswer: redact.answer,
    hooks: {
      async beforeSend() {
        await limiter.acquire();
        logAttempts(input.attemptLog, [Date.now()]);
      },
      onExchange: (exchange) => logExchange(input.exchangeLog, redact.exchange(exchange)),
      onGiveUp: (entry) => logExchange(input.exchangeLog, { ...entry, url: redact.text(entry.url), fault: redact.text(entry.fault) }),
    },
  });
  const published = await fetchPublishedDocument(client, input.baseUrl);
  if (published.status !== 'found') return { status: published.status, source: published.url, message: published.message, findings: [] };
  const ours = (await readSpecDocument(specPath('ledger-query'))) as unknown as Node;
  const info = published.doc.info as { version?: unknown } | undefined;
  return {
    status: 'compared',
    source: published.url,
    message: `compared with ${published.url}`,
    publishedVersion: typeof info?.version === 'string' ? info.version : undefined,
    findings: compareDocuments(ours, published.doc, DOCUMENT_RULES),
  };
}
