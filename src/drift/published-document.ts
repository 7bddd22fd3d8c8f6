import { request } from 'undici';
import { parse as parseYaml } from 'yaml';
import { isNode, type Node } from './schema-view.ts';

/** Where the query service publishes its own OpenAPI document (reference notes, "Headers"). */
export const PUBLISHED_DOCUMENT_PATH = '/api/v1/docs/openapi.yml';

export type PublishedDocument =
  | { status: 'found'; url: string; doc: Node; startedAt: number; httpStatus: number }
  | { status: 'not-published' | 'unreadable'; url: string; message: string; startedAt: number; httpStatus?: number };

/**
 * Fetches the target's own OpenAPI document. A target without one is a plain fact of the run,
 * not an error: the answer says so and the drift report carries it.
 */
export async function fetchPublishedDocument(baseUrl: string, headers: Record<string, string>, timeoutMs: number): Promise<PublishedDocument> {
  const url = `${baseUrl}${PUBLISHED_DOCUMENT_PATH}`;
  const startedAt = Date.now();
  let status: number;
  let text: string;
  try {
    const res = await request(url, { method: 'GET', headers: { accept: 'application/yaml, application/json, text/yaml, */*', ...headers }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    status = res.statusCode;
    text = await res.body.text();
  } catch (error) {
    const e = error as Error & { code?: string };
    return { status: 'unreadable', url, startedAt, message: `no answer from ${url} (${e.code ?? e.message})` };
  }
  if (status < 200 || status > 299) {
    return { status: 'not-published', url, startedAt, httpStatus: status, message: `the target publishes no OpenAPI document at ${url} (answered ${status})` };
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    return { status: 'unreadable', url, startedAt, httpStatus: status, message: `${url} is neither YAML nor JSON: ${(error as Error).message.split('\n')[0]}` };
  }
  if (!isNode(doc) || !isNode(doc.paths) || (typeof doc.openapi !== 'string' && typeof doc.swagger !== 'string')) {
    return { status: 'unreadable', url, startedAt, httpStatus: status, message: `${url} answered ${status} but not with an OpenAPI document` };
  }
  return { status: 'found', url, doc, startedAt, httpStatus: status };
}
