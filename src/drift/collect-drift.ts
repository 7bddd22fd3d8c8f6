import { readAttemptTimes } from '../http/attempt-log.ts';
import { toCurl } from '../http/curl.ts';
import { describeExchange } from '../http/exchange.ts';
import { sideClient } from '../http/side-client.ts';
import { readSpecDocument, specPath } from '../../specs/load-spec.ts';
import { compareDocuments } from './compare-documents.ts';
import type { DriftData } from './drift-report.ts';
import { fetchPublishedDocument } from './published-document.ts';
import type { Node } from './schema-view.ts';

export interface DriftInput {
  baseUrl: string;
  headers: Record<string, string>;
  /** --secret-header and --secret-param: masked in the fetch's exchange as in every other. */
  secretHeaders: string[];
  secretParams: string[];
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

/** The query service's rule that no request is answered with a 5xx: the document fetch is one of its requests. */
export const NO_SERVER_ERROR_RULE = 'LQ-7-no-server-error';

/**
 * `--drift`: fetches the query service's published OpenAPI document (one GET, counted in the run's
 * requests and budget) and compares it with the contract document.
 */
export async function collectDrift(input: DriftInput): Promise<DriftData> {
  if (readAttemptTimes(input.attemptLog).length >= input.maxRequests) {
    return { status: 'skipped', message: 'the request budget was spent before the published document could be fetched (--max-requests)', findings: [] };
  }
  const { client, redact } = sideClient({ ...input, throttle: { maxRetries: 2, maxWaitMs: 10_000 } });
  const published = await fetchPublishedDocument(client, input.baseUrl);
  if (published.status !== 'found') {
    const answer = published.exchange && published.exchange.status >= 500 ? redact.exchange(published.exchange) : undefined;
    const serverError = answer && {
      rule: NO_SERVER_ERROR_RULE,
      message: `[${NO_SERVER_ERROR_RULE}] the --drift fetch of ${answer.url} was answered ${answer.status}, a server error`,
      method: answer.method,
      url: answer.url,
      request: describeExchange(answer),
      curl: toCurl(answer),
    };
    return { status: published.status, source: redact.text(published.url), message: redact.text(published.message), findings: [], ...(serverError ? { serverError } : {}) };
  }
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
