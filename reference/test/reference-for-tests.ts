import { afterAll, beforeAll } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../server.ts';

export interface JsonAnswer {
  status: number;
  // `any` on purpose: the tests probe arbitrary answer shapes field by field.
  body: any;
  headers: Headers;
  type: string | null;
}

/** Starts the reference server on loopback for one test file, stops it afterwards, and fetches from it. */
export function referenceForTests(): { readonly server: ReferenceServer; get(path: string): Promise<JsonAnswer> } {
  let server: ReferenceServer | undefined;
  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(async () => server?.close());
  const running = () => {
    if (!server) throw new Error('the reference server is not running (used outside a test?)');
    return server;
  };
  return {
    get server() {
      return running();
    },
    async get(path) {
      const response = await fetch(`${running().baseUrl}${path}`);
      return { status: response.status, body: await response.json(), headers: response.headers, type: response.headers.get('content-type') };
    },
  };
}
