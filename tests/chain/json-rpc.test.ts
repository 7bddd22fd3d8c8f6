// The suite's JSON-RPC caller against a loopback node that answers each way a call can go wrong:
// one line each, never the URL (whose path may hold a key), and a second try only for a read that
// met a failure that may pass.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRpc } from '../../src/chain/json-rpc.ts';
import { jsonAnswer, rpcError, rpcResult, startJsonRpcNode, type LoopbackJsonRpcNode } from '../support/loopback-json-rpc-node.ts';

let node: LoopbackJsonRpcNode;
let origin: string;

beforeAll(async () => {
  node = await startJsonRpcNode((path, call, times) => {
    if (path === 'result') return rpcResult(call, '0x7a69');
    if (path === 'error-object') return rpcError(call, -32000, 'nonce too low\nat the node');
    if (path === 'error-object-400') return rpcError(call, -32602, 'invalid params', 400);
    if (path === 'server-error') return { status: 500, contentType: 'text/plain', body: 'upstream broke\n' };
    if (path === 'not-json') return { status: 200, contentType: 'text/html', body: '<html>a proxy login page</html>' };
    if (path === 'no-result') return jsonAnswer(200, { jsonrpc: '2.0', id: call.id });
    if (path === 'busy-once') return times === 1 ? jsonAnswer(503, {}) : rpcResult(call, '0x1');
    if (path === 'busy') return jsonAnswer(503, {});
    return 'silent';
  });
  origin = node.origin;
});
afterAll(() => node.close());

const lastCall = () => node.calls.at(-1);

/** The caller's rejection message, for a path that carries a key as providers' URLs do. */
async function failure(call: Promise<unknown>): Promise<string> {
  const message = await call.then(() => 'resolved', (error: Error) => error.message);
  expect(message).not.toContain('secret-key');
  expect(message.split('\n')).toHaveLength(1);
  return message;
}

describe('the JSON-RPC caller', () => {
  it('posts a JSON-RPC 2.0 call and resolves to its result', async () => {
    expect(await jsonRpc(`${origin}/result`).read('eth_getCode', ['0xabc', 'latest'])).toBe('0x7a69');
    expect(lastCall()).toMatchObject({ jsonrpc: '2.0', method: 'eth_getCode', params: ['0xabc', 'latest'] });
    expect(typeof lastCall()!.id).toBe('number');
  });

  it('rejects with the first line of the node\'s error object and its code, at any HTTP status', async () => {
    expect(await failure(jsonRpc(`${origin}/error-object/secret-key`).read('eth_sendRawTransaction'))).toBe('nonce too low (JSON-RPC error -32000)');
    expect(await failure(jsonRpc(`${origin}/error-object-400/secret-key`).read('eth_call'))).toBe('invalid params (JSON-RPC error -32602)');
  });

  it('rejects an HTTP error status with the status, an answer that is not JSON, and one without result or error', async () => {
    expect(await failure(jsonRpc(`${origin}/server-error/secret-key`).write('eth_chainId'))).toBe('HTTP 500 Internal Server Error');
    expect(await failure(jsonRpc(`${origin}/not-json/secret-key`).read('eth_chainId'))).toBe('the answer (HTTP 200) is not JSON');
    expect(await failure(jsonRpc(`${origin}/no-result/secret-key`).read('eth_chainId'))).toBe('the answer (HTTP 200) is not a JSON-RPC response: it has neither result nor error');
  });

  it('rejects a node that does not answer: a closed port, and one silent beyond the bound', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await failure(jsonRpc(`http://127.0.0.1:${port}/secret-key`).read('eth_chainId'))).toMatch(/^no answer \(.*ECONNREFUSED.*\)$/);
    const started = Date.now();
    expect(await failure(jsonRpc(`${origin}/silent/secret-key`, 200).write('eth_chainId'))).toBe('no answer within 0.2 s');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('tries a read once more after a busy answer, and a write or the node\'s error object never', async () => {
    expect(await jsonRpc(`${origin}/busy-once`).read('eth_blockNumber')).toBe('0x1');
    expect(node.asked.get('busy-once')).toBe(2);
    expect(await failure(jsonRpc(`${origin}/busy`).read('eth_blockNumber'))).toBe('HTTP 503 Service Unavailable');
    expect(node.asked.get('busy')).toBe(2);
    await failure(jsonRpc(`${origin}/busy`).write('eth_sendRawTransaction'));
    expect(node.asked.get('busy')).toBe(3);
    const before = node.asked.get('error-object');
    await failure(jsonRpc(`${origin}/error-object`).read('eth_estimateGas'));
    expect(node.asked.get('error-object')).toBe(before! + 1);
  });
});
