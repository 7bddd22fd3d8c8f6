import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeEveryAnswer, unreadableAnswer } from '../../src/harness/every-answer.ts';
import { createClient } from '../../src/http/client.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  // Answers by path: served, throttled politely (429, 503 with Retry-After), or failing (503 alone, 500).
  server = createServer((req, res) => {
    const answers: Record<string, [number, Record<string, string>]> = {
      '/ok': [200, {}], '/page': [200, { 'content-type': 'text/html' }], '/busy': [503, { 'retry-after': '1' }], '/slow': [429, { 'retry-after': '1' }], '/down': [503, {}], '/boom': [500, {}],
    };
    const [status, headers] = answers[req.url ?? ''] ?? [404, {}];
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(req.url === '/page' ? '<html>down for maintenance</html>' : `{"path":"${req.url}"}`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('rules every answer is judged by', () => {
  it('books a 5xx under no-server-error, and a 503 with Retry-After (as in a read burst) as throttling, not as a server error', async () => {
    const client = createClient({ headers: {}, timeoutMs: 2_000, throttle: { maxRetries: 0, maxWaitMs: 0 }, hooks: { beforeSend: async () => {}, onExchange: () => {} } });
    const burst = await Promise.all(['/ok', '/busy', '/slow', '/down', '/boom'].map((url) => client.send({ method: 'GET', base, url, waitOutThrottling: false })));
    const judged = judgeEveryAnswer('ledger-query', burst);
    expect(judged.map((j) => [new URL(j.exchange.url).pathname, j.rule, j.held])).toEqual([
      ['/ok', 'LQ-7-no-server-error', true],
      ['/down', 'LQ-7-no-server-error', false],
      ['/boom', 'LQ-7-no-server-error', false],
    ]);
    expect(judged[1]!.detail).toBe('answered 503: {"path":"/down"}');
  });
});

describe('answers a check cannot read', () => {
  it('finds the answer that is not JSON, named beside a check that trips over it', async () => {
    const client = createClient({ headers: {}, timeoutMs: 2_000, throttle: { maxRetries: 0, maxWaitMs: 0 }, hooks: { beforeSend: async () => {}, onExchange: () => {} } });
    const answers = await Promise.all(['/ok', '/slow', '/page'].map((url) => client.send({ method: 'GET', base, url, waitOutThrottling: false })));
    expect(unreadableAnswer(answers)?.url).toBe(`${base}/page`);
    expect(unreadableAnswer(answers.slice(0, 2))).toBeUndefined();
  });
});
