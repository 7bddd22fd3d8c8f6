// Regression: errors raised before a handler runs (by fastify or by Node's HTTP parser) still
// answer in the query service's error body (contract 2.5), never in a framework's own body; a path
// ID of any length reaches its handler and gets a 400 naming the parameter.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { referenceForTests } from './reference-for-tests.ts';

const reference = referenceForTests();

interface Answer { status: number; body: any }

/** A plain request with exactly this path (fetch would normalise it) and optional body. */
function send(method: string, path: string, options: { body?: string | Buffer; headers?: Record<string, string> } = {}): Promise<Answer> {
  const { hostname, port } = new URL(reference.server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Raw bytes on a socket, for requests Node's client would refuse to send. */
function sendRaw(text: string): Promise<Answer> {
  const { hostname, port } = new URL(reference.server.baseUrl);
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = connect(Number(port), hostname, () => socket.write(text));
    socket.on('data', (chunk) => { out += chunk.toString('utf8'); });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = out.split('\r\n\r\n');
      resolve({ status: Number(head!.split(' ')[1]), body: JSON.parse(body!) });
    });
  });
}

function expectErrorBody(answer: Answer, status: number, message?: string): void {
  expect(answer.status).toBe(status);
  expect(Object.keys(answer.body)).toEqual(['_status']);
  expect(answer.body._status.messages.length).toBeGreaterThan(0);
  for (const m of answer.body._status.messages) expect(typeof m.message).toBe('string');
  if (message) expect(answer.body._status.messages.map((m: any) => m.message)).toEqual([message]);
}

describe('path IDs longer than any router limit', () => {
  it('answers 400 naming the parameter, whatever the length', async () => {
    const cases: Array<[string, string]> = [
      ['/api/v1/schedules/', 'Invalid parameter: scheduleid'],
      ['/api/v1/topics/', 'Invalid parameter: topic.id'],
      ['/api/v1/tokens/', 'Invalid parameter: tokenid'],
      ['/api/v1/accounts/', 'Invalid parameter: idOrAliasOrEvmAddress'],
      ['/api/v1/blocks/', 'Invalid parameter: hashOrNumber'],
    ];
    for (const [prefix, message] of cases) {
      for (const length of [2049, 6000, 15_000]) expectErrorBody(await send('GET', `${prefix}${'0'.repeat(length)}`), 400, message);
    }
  });

  it("answers a request line beyond Node's header limit with the error body of its interface", async () => {
    expectErrorBody(await send('GET', `/api/v1/schedules/${'0'.repeat(20_000)}`), 431);
    const verify = await send('GET', `/v2/verify/${'0'.repeat(20_000)}`);
    expect(verify.status).toBe(431);
    expect(Object.keys(verify.body).sort()).toEqual(['customCode', 'errorId', 'message']);
  });
});

describe('other framework errors', () => {
  it('answers an undecodable URL with 400 and the error body', async () => {
    expectErrorBody(await send('GET', '/api/v1/transactions/%E0%A4%A'), 400);
    expectErrorBody(await send('GET', '/api/v1/tr%C0ansactions'), 400);
  });

  it('answers bad JSON, unsupported media types and oversized bodies with their status and the error body', async () => {
    const json = { 'content-type': 'application/json' };
    expectErrorBody(await send('POST', '/api/v1/contracts/call', { body: '{bad', headers: json }), 400);
    expectErrorBody(await send('POST', '/api/v1/contracts/call', { body: '{}', headers: { 'content-type': 'text/xml' } }), 415);
    expectErrorBody(await send('POST', '/api/v1/network/fees', { body: '{}', headers: json }), 415);
    expectErrorBody(await send('POST', '/api/v1/transactions', { body: '{bad', headers: json }), 400);
    const big = Buffer.alloc(2_000_000, 0x61);
    expectErrorBody(await send('POST', '/api/v1/contracts/call', { body: big, headers: json }), 413);
    expectErrorBody(await send('POST', '/api/v1/network/fees', { body: big, headers: { 'content-type': 'application/protobuf' } }), 413);
  });

  it("answers a request Node's parser refuses with 400 and the error body", async () => {
    expectErrorBody(await sendRaw('GET /api/v1/transactions HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n'), 400);
    expectErrorBody(await sendRaw('GET /api/v1/transactions HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n'), 400);
  });
});
