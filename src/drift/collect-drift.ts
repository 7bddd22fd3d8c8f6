import { logAttempts, readAttemptTimes } from '../http/attempt-log.ts';
import { logExchange } from '../http/exchange-log.ts';
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
  const published = await fetchPublishedDocument(input.baseUrl, input.headers, input.timeoutMs);
  logAttempts(input.attemptLog, [published.startedAt]);
  logExchange(input.exchangeLog, {
    method: 'GET', url: createRedactor({ headers: input.headers }).text(published.url), status: published.httpStatus ?? 0, startedAt: new Date(published.startedAt).toISOString(), durationMs: Date.now() - published.startedAt, throttled: [],
  });
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
