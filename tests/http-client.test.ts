import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, joinUrl, TargetUnreachable, ThrottledOut } from '../src/http/client.ts';
import type { Exchange } from '../src/http/exchange.ts';
import { toCurl } from '../src/http/curl.ts';
import { createRedactor } from '../src/http/redact.ts';
import { createRequestBudget, BudgetExhausted } from '../src/http/request-budget.ts';
import { retryAfterMs } from '../src/http/retry-after.ts';
import { TargetFault } from '../src/http/transport-faults.ts';

let server: Server;
let base: string;
let throttleLeft = 0;

beforeAll(async () => {
  // A real loopback server: throttles while asked to, echoes what it got, or never answers.
  server = createServer((req, res) => {
    if (req.url?.startsWith('/slow')) return;
    if (req.url?.startsWith('/throttle') && throttleLeft-- > 0) {
      res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' }).end('{"error":"slow down"}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization, body: raw.toString('utf8'), hex: raw.toString('hex') }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function client(recorded: Exchange[], extra: Partial<Parameters<typeof createClient>[0]> = {}) {
  return createClient({
    headers: { authorization: 'Bearer s3cret-token' },
    timeoutMs: 2000,
    throttle: { maxRetries: 2, maxWaitMs: 50 },
    hooks: { beforeSend: async () => {}, onExchange: (ex) => recorded.push(ex) },
    ...extra,
  });
}

describe('target client', () => {
  it('records the whole exchange, query and JSON body included', async () => {
    const recorded: Exchange[] = [];
    const ex = await client(recorded).send({ method: 'POST', base, url: '/api/v1/contracts/call', query: [['a', 'b c']], body: { to: '0x1' } });
    expect(ex.status).toBe(200);
    expect(JSON.parse(ex.responseBody)).toMatchObject({ method: 'POST', url: '/api/v1/contracts/call?a=b+c', auth: 'Bearer s3cret-token', body: '{"to":"0x1"}' });
    expect(ex.requestHeaders['content-type']).toBe('application/json');
    expect(recorded).toEqual([ex]);
  });

  it('sends a raw query verbatim (bracketed keys)', async () => {
    const ex = await client([]).send({ method: 'GET', base, url: '/x', rawQuery: 'limit[x]=1' });
    expect(JSON.parse(ex.responseBody).url).toBe('/x?limit[x]=1');
  });

  it('waits out throttling within its retries and notes it, then gives up with ThrottledOut', async () => {
    throttleLeft = 2;
    const ex = await client([]).send({ method: 'GET', base, url: '/throttle' });
    expect(ex.status).toBe(200);
    expect(ex.throttled).toHaveLength(2);
    throttleLeft = 5;
    await expect(client([]).send({ method: 'GET', base, url: '/throttle' })).rejects.toBeInstanceOf(ThrottledOut);
    throttleLeft = 1;
    const raw = await client([]).send({ method: 'GET', base, url: '/throttle', waitOutThrottling: false });
    expect(raw.status).toBe(429);
  });

  it('reports an unreachable target as TargetUnreachable and a silent one as a TargetFault after its retries', async () => {
    await expect(client([]).send({ method: 'GET', url: 'http://127.0.0.1:1/x' })).rejects.toBeInstanceOf(TargetUnreachable);
    const slow = createClient({ headers: {}, timeoutMs: 200, throttle: { maxRetries: 0, maxWaitMs: 0 }, hooks: { beforeSend: async () => {}, onExchange: () => {} } });
    await expect(slow.send({ method: 'GET', base, url: '/slow' })).rejects.toThrow(/no complete answer within 200 ms \(3 attempts\)/);
    await expect(slow.send({ method: 'GET', base, url: '/slow' })).rejects.toBeInstanceOf(TargetFault);
  });

  it('stops at the request budget before sending', async () => {
    const budget = createRequestBudget(1);
    const c = client([], { hooks: { beforeSend: async () => budget.take(), onExchange: () => {} } });
    await c.send({ method: 'GET', base, url: '/one' });
    await expect(c.send({ method: 'GET', base, url: '/two' })).rejects.toBeInstanceOf(BudgetExhausted);
  });
});

describe('evidence helpers', () => {
  const exchange: Exchange = {
    method: 'GET', url: 'http://h/api/v1/x?token=s3cret-token', requestHeaders: { authorization: 'Bearer s3cret-token', 'x-api-key': 'k' },
    status: 400, responseHeaders: {}, responseBody: 'echo s3cret-token', startedAt: '', durationMs: 1, throttled: [],
  };

  it('redacts configured secrets everywhere and always-secret headers by name', () => {
    const safe = createRedactor({ headers: { authorization: 'Bearer s3cret-token' } }).exchange(exchange);
    expect(JSON.stringify(safe)).not.toContain('s3cret-token');
    expect(safe.requestHeaders['x-api-key']).toBe('<redacted>');
  });

  it('builds a curl reproducer with quoting and the body', () => {
    const curl = toCurl({ ...exchange, method: 'POST', requestBody: `{"a":"it's"}`, requestHeaders: { 'content-type': 'application/json' } });
    expect(curl).toBe(`curl -sS -i -X POST -H 'content-type: application/json' --data-binary '{"a":"it'\\''s"}' --globoff 'http://h/api/v1/x?token=s3cret-token'`);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });

  it('joins relative links to a base with a path prefix once', () => {
    expect(joinUrl('http://h/status/api/v2', '/summary.json').toString()).toBe('http://h/status/api/v2/summary.json');
    expect(joinUrl('http://h', '/api/v1/schedules?limit=2').toString()).toBe('http://h/api/v1/schedules?limit=2');
    expect(joinUrl('http://h/mirror', '/mirror/api/v1/x').toString()).toBe('http://h/mirror/api/v1/x');
  });
});

describe('binary bodies', () => {
  it('sends bytes unchanged and reproduces them through base64', async () => {
    const bytes = Uint8Array.from([0x0a, 0xff, 0x80, 0x00, 0x7f]);
    const ex = await client([]).send({ method: 'POST', base, url: '/bin', body: bytes, contentType: 'application/protobuf' });
    expect(JSON.parse(ex.responseBody).hex).toBe('0aff80007f');
    expect(ex).toMatchObject({ requestBody: Buffer.from(bytes).toString('base64'), requestBodyEncoding: 'base64' });
    expect(toCurl(ex)).toMatch(/^printf %s 'Cv\+AAH8=' \| base64 -d \| curl .* --data-binary @- /);
  });
});

describe('redaction of what a target echoes', () => {
  it('masks every encoded form of a configured secret, and leaves content headers the user set alone', () => {
    const secret = 'tok"en/+=\\9';
    const redact = createRedactor({ headers: { authorization: `Bearer ${secret}`, accept: 'application/json' }, secretParams: ['sig'] });
    const body = [secret, encodeURIComponent(secret), JSON.stringify(secret), Buffer.from(`ab${secret}`).toString('base64'), 'next?sig=abc123&x=1'].join(' | ');
    const safe = redact.answer({
      method: 'GET', url: 'http://h/x', requestHeaders: {}, status: 200, responseHeaders: { 'content-type': 'application/json' },
      responseBody: body, startedAt: '', durationMs: 1, throttled: [],
    });
    for (const form of ['tok"en', 'tok%22en', 'tok\\"en', Buffer.from(`ab${secret}`).toString('base64').slice(4, 12), 'abc123']) expect(safe.responseBody).not.toContain(form);
    expect(safe.responseBody).toContain('x=1');
    expect(safe.responseHeaders['content-type']).toBe('application/json');
  });

  it('learns a secret parameter from a URL that names it in any case or escaped, and masks it wherever it shows again', () => {
    const redact = createRedactor({ headers: {}, secretParams: ['session_token'] });
    const answer = (url: string, location: string, responseBody: string) => redact.answer({
      method: 'GET', url, requestHeaders: {}, status: 200, responseHeaders: { location }, responseBody, startedAt: '', durationMs: 1, throttled: [],
    });
    for (const [i, url] of ['http://h/x?SESSION_TOKEN=first1', 'http://h/x?session%5Ftoken=second2', 'http://h/x?a=1'].entries()) {
      answer(url, i === 2 ? '/next?session_token=third3&b=2' : '/next', 'nothing secret here');
    }
    const later = answer('http://h/y', '/y', 'first1 second2 third3 plain').responseBody;
    expect(later).toBe('<redacted> <redacted> <redacted> plain');
  });
});
