// A layer changes one behaviour of the reference server that the contract makes observable from
// outside, as a wrapper over the correct behaviour: named faults and named behaviour sets are layers.

export type LayerInterface = 'ledger-query' | 'status' | 'verify';

/** What a layer sees of a request; request hooks may change path, query and body in place. */
export interface LayerRequest {
  method: string;
  /** Path without the query string, e.g. /api/v1/transactions (status paths keep their /status/api/v2 prefix). */
  path: string;
  /** Decoded query pairs in order; a request hook may edit the array in place. */
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /** Parsed JSON body when there is one, else the raw body (string/Buffer) or undefined. */
  body: unknown;
}

/** What a layer sees of an answer; response hooks may change any field in place. */
export interface LayerResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer is JSON, else the raw text. */
  body: unknown;
}

export interface Layer {
  /** kebab-case, unique, e.g. `schedules-limit-101-accepted`. */
  name: string;
  interface: LayerInterface;
  /** Catalogue rule ids (specs/rules/*.yaml) that must catch this behaviour. */
  rules: string[];
  /** One sentence: what the server does wrong, as a user would see it. */
  description: string;
  /** Before routing. Return a LayerResponse to answer at once instead of the correct handler. */
  request?(req: LayerRequest): LayerResponse | void;
  /** After the correct handler answered (or after request() answered). */
  response?(req: LayerRequest, res: LayerResponse): void | Promise<void>;
}

/** The path prefixes that tell which interface a request belongs to. */
export function interfaceOfPath(path: string): LayerInterface | undefined {
  if (path.startsWith('/status/')) return 'status';
  if (path.startsWith('/v2/verify')) return 'verify';
  // The query service's host answers under any /api/ prefix, its own or another version's.
  if (path.startsWith('/api/')) return 'ledger-query';
  return undefined;
}
