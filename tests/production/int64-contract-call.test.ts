// Generated int64 values past 2^53 travel exactly from the contract-call suite to the target: the
// embedded reference takes gas, gasPrice and value up to 2^63 - 1 and refuses 2^63, and a target
// that saturates out-of-range integers to int64 (runs the call instead of refusing) is caught.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { exactJsonText, parseExactJson } from '../../src/json/exact-json.ts';
import { runSuiteFile } from './suite-file.ts';

const SUITE = 'suites/ledger-query/contract-call.test.ts';
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const SAFE = 2n ** 53n;

interface SentCall {
  body: string;
  status: number;
}

/** Reads a request body as text. */
function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** A loopback proxy to the reference recording each contract call, its body optionally rewritten first. */
async function callProxy(upstream: string, rewrite: (body: string) => string = (b) => b): Promise<{ url: string; calls: SentCall[]; server: Server }> {
  const calls: SentCall[] = [];
  const server = createServer(async (req, res) => {
    const text = await bodyOf(req);
    const isCall = req.method === 'POST' && req.url === '/api/v1/contracts/call';
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
    const answer = await fetch(`${upstream}${req.url}`, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : isCall ? rewrite(text) : text });
    const body = Buffer.from(await answer.arrayBuffer());
    if (isCall) calls.push({ body: text, status: answer.status });
    const out: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(k)) out[k] = v;
    });
    res.writeHead(answer.status, out);
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server };
}

/** A server that reads integers past int64 as the nearest int64 (a saturating parse): 2^63 runs as 2^63 - 1. */
function saturateInt64(text: string): string {
  const body = parseExactJson(text);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return text;
  let changed = false;
  for (const field of ['gas', 'gasPrice', 'value']) {
    const v = body[field];
    if (typeof v !== 'bigint' || (v >= INT64_MIN && v <= INT64_MAX)) continue;
    body[field] = v > INT64_MAX ? INT64_MAX : INT64_MIN;
    changed = true;
  }
  return changed ? exactJsonText(body) : text;
}

/** The exact integer a recorded call body gives a field, if any. */
function fieldOf(call: SentCall, field: string): bigint | undefined {
  const body = parseExactJson(call.body);
  const v = body !== null && typeof body === 'object' && !Array.isArray(body) ? body[field] : undefined;
  return typeof v === 'bigint' ? v : typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : undefined;
}

// The two runs only read the shared reference (contract calls change no state), each through its own proxy: side by side.
describe.concurrent('int64 values past 2^53 in contract calls, sent exactly', () => {
  let reference: ReferenceServer;
  const servers: Server[] = [];
  beforeAll(async () => {
    reference = await startReferenceServer();
  });
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    }
    await reference?.close();
  });

  it('the suite sends gas between 2^53 and 2^63 - 1 (taken) and 2^63 (refused); the reference holds every int64 rule', async () => {
    const proxy = await callProxy(reference.baseUrl);
    servers.push(proxy.server);
    const evidence = await runSuiteFile(SUITE, proxy.url);
    expect([...evidence].filter(([, e]) => e.violated > 0).map(([rule, e]) => `${rule}: ${e.messages.join('; ')}`)).toEqual([]);
    for (const rule of ['LQ-4.3-gas-minimum', 'LQ-4.3-gas-price-minimum', 'LQ-4.3-value-minimum']) {
      expect(evidence.get(rule)!.held, rule).toBeGreaterThan(0);
    }
    // The gas check's calls: an answered call (to, data) with only gas added, so each must run.
    const bigGas = proxy.calls.filter((c) => {
      const gas = fieldOf(c, 'gas');
      const keys = Object.keys(parseExactJson(c.body) as object);
      return gas !== undefined && gas > SAFE && gas < INT64_MAX && keys.every((k) => ['to', 'data', 'gas'].includes(k));
    });
    expect(bigGas.length).toBeGreaterThan(0);
    expect(bigGas.filter((c) => c.status !== 200).map((c) => `${c.status} ${c.body}`)).toEqual([]);
    // Written as exact digits, not a double's rounding (…5807 would read back as …5808).
    expect(proxy.calls.some((c) => /"gas":9223372036854775807[,}]/.test(c.body) && c.status === 200)).toBe(true);
    for (const field of ['gas', 'gasPrice', 'value']) {
      expect(proxy.calls.some((c) => fieldOf(c, field) === INT64_MAX + 1n && c.status === 400), `${field}=2^63 refused`).toBe(true);
    }
  }, 400_000);

  // value is not among them: a call moving 2^63 - 1 tinybars from a sender that holds less fails
  // with a 4xx as well, so on this target a saturated value looks refused.
  it('a target saturating 2^63 to 2^63 - 1 fails the minimum rules of gas and gasPrice, naming the value', async () => {
    const proxy = await callProxy(reference.baseUrl, saturateInt64);
    servers.push(proxy.server);
    const evidence = await runSuiteFile(SUITE, proxy.url);
    for (const rule of ['LQ-4.3-gas-minimum', 'LQ-4.3-gas-price-minimum']) {
      expect(evidence.get(rule)!.violated, rule).toBeGreaterThan(0);
      expect(evidence.get(rule)!.messages.join('\n'), rule).toMatch(/=9223372036854775808\b/);
    }
  }, 400_000);
});
