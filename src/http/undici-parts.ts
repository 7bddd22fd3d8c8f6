// undici's package entry loads all of undici (fetch, WebSocket, caches, mocks: about 110 files, some
// 60 ms of every process's start); the suite uses two dispatchers and the request API, taken here
// from their own files. undici is pinned (package.json), and the HTTP client's tests run through
// these parts, so a release that moves them fails there, not in a user's run.
import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const requireUndici = createRequire(import.meta.url);

export const Agent = requireUndici('undici/lib/dispatcher/agent.js') as typeof Undici.Agent;
export const Pool = requireUndici('undici/lib/dispatcher/pool.js') as typeof Undici.Pool;

const api = requireUndici('undici/lib/api/index.js') as { request: (this: Undici.Dispatcher, options: Undici.Dispatcher.RequestOptions) => Promise<Undici.Dispatcher.ResponseData> };
const { parseURL } = requireUndici('undici/lib/core/util.js') as { parseURL: (url: string) => URL };

type RequestOptions = Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & { method: Undici.Dispatcher.HttpMethod };

/** One request through `dispatcher`: undici's `request(url, { dispatcher, ... })`, the URL split as undici splits it. */
export function request(dispatcher: Undici.Dispatcher, url: string, options: RequestOptions): Promise<Undici.Dispatcher.ResponseData> {
  const parsed = parseURL(url);
  return api.request.call(dispatcher, { ...options, origin: parsed.origin, path: parsed.search ? `${parsed.pathname}${parsed.search}` : parsed.pathname });
}
