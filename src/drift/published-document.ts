import { parse as parseYaml } from 'yaml';
import type { TargetClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { isNode, type Node } from './schema-view.ts';

/** Where the query service publishes its own OpenAPI document (reference notes, "Headers"). */
export const PUBLISHED_DOCUMENT_PATH = '/api/v1/docs/openapi.yml';

export type PublishedDocument =
  | { status: 'found'; url: string; doc: Node; startedAt: number; httpStatus: number }
  | { status: 'not-published' | 'unreadable'; url: string; message: string; startedAt: number; httpStatus?: number; exchange?: Exchange };

/**
 * Fetches the target's own OpenAPI document through the run's bounded client (time, size, retries).
 * A target without one is a plain fact of the run, not an error: the answer says so and the drift
 * report carries it.
 */
export async function fetchPublishedDocument(client: TargetClient, baseUrl: string): Promise<PublishedDocument> {
  const url = `${baseUrl}${PUBLISHED_DOCUMENT_PATH}`;
  const startedAt = Date.now();
  let exchange: Exchange;
  try {
    exchange = await client.send({ method: 'GET', url, headers: { accept: 'application/yaml, application/json, text/yaml, */*' } });
  } catch (error) {
    return { status: 'unreadable', url, startedAt, message: `no answer from ${url} (${(error as Error).message})` };
  }
  const status = exchange.status;
  if (status < 200 || status > 299) {
    return { status: 'not-published', url, startedAt, httpStatus: status, exchange, message: `the target publishes no OpenAPI document at ${url} (answered ${status})` };
  }
  let doc: unknown;
  try {
    doc = parseYaml(exchange.responseBody);
  } catch (error) {
    return { status: 'unreadable', url, startedAt, httpStatus: status, message: `${url} is neither YAML nor JSON: ${(error as Error).message.split('\n')[0]}` };
  }
  if (!isNode(doc) || !isNode(doc.paths) || (typeof doc.openapi !== 'string' && typeof doc.swagger !== 'string')) {
    return { status: 'unreadable', url, startedAt, httpStatus: status, message: `${url} answered ${status} but not with an OpenAPI document` };
  }
  return { status: 'found', url, doc, startedAt, httpStatus: status };
}
