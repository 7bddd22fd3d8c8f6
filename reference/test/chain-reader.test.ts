// The verifier's chain reader against a loopback node: the reads it sends (block numbers as
// quantities, full transactions), and one line for each way a read fails, a busy node tried once more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainReader } from '../verify/chain-reader.ts';
import { rpcDeployedCode } from '../verify/rpc-deployed-code.ts';
import { jsonAnswer, rpcError, rpcResult, startJsonRpcNode, type LoopbackJsonRpcNode } from '../../tests/support/loopback-json-rpc-node.ts';

let node: LoopbackJsonRpcNode;
let origin: string;

/** What the loopback chain answers each method with. */
const RESULTS: Record<string, unknown> = {
  eth_chainId: '0x7a69',
  eth_blockNumber: '0x1f',
  eth_getCode: '0x6080',
  eth_getBlockByNumber: { number: '0x5', transactions: [{ hash: '0xaa', to: null, input: '0x6080604052' }] },
  eth_getTransactionByHash: null,
};

beforeAll(async () => {
  node = await startJsonRpcNode((path, call, times) => {
    if (path === 'chain') return rpcResult(call, RESULTS[call.method]);
    if (path === 'error-object') return rpcError(call, -32601, 'the method eth_chainId does not exist/is not available');
    if (path === 'server-error') return { status: 500, body: 'upstream broke' };
    if (path === 'not-json') return { status: 200, contentType: 'text/html', body: '<html>a proxy login page</html>' };
    if (path === 'busy-once') return times === 1 ? jsonAnswer(502, {}) : rpcResult(call, '0x1');
    if (path === 'not-a-quantity') return rpcResult(call, 'thirty');
    return 'silent';
  });
  origin = node.origin;
});
afterAll(() => node.close());

const failure = (read: Promise<unknown>) => read.then(() => 'resolved', (error: Error) => error.message);

describe('the chain reader', () => {
  it('sends each read as the node expects it and gives its answer', async () => {
    const chain = chainReader(`${origin}/chain`);
    const before = node.calls.length;
    expect(await chain.chainId()).toBe(31337n);
    expect(await chain.blockNumber()).toBe(31n);
    expect(await chain.code('0xabc')).toBe('0x6080');
    expect(await chain.code('0xabc', 16n)).toBe('0x6080');
    expect(await chain.blockTransactions(5n)).toEqual([{ hash: '0xaa', to: null, input: '0x6080604052' }]);
    expect(await chain.transaction('0xbb')).toBeNull();
    expect(node.calls.slice(before).map(({ method, params }) => ({ method, params }))).toEqual([
      { method: 'eth_chainId', params: [] },
      { method: 'eth_blockNumber', params: [] },
      { method: 'eth_getCode', params: ['0xabc', 'latest'] },
      { method: 'eth_getCode', params: ['0xabc', '0x10'] },
      { method: 'eth_getBlockByNumber', params: ['0x5', true] },
      { method: 'eth_getTransactionByHash', params: ['0xbb'] },
    ]);
  });

  it('fails in one line for the node\'s error object, an HTTP error, an answer that is not JSON, and a result that is not a quantity', async () => {
    expect(await failure(chainReader(`${origin}/error-object`).chainId())).toBe('the method eth_chainId does not exist/is not available (JSON-RPC error -32601)');
    expect(await failure(chainReader(`${origin}/server-error`).chainId())).toBe('HTTP 500 Internal Server Error');
    expect(node.asked.get('server-error')).toBe(2);
    expect(await failure(chainReader(`${origin}/not-json`).chainId())).toBe('the answer (HTTP 200) is not JSON');
    expect(await failure(chainReader(`${origin}/not-a-quantity`).blockNumber())).toBe('eth_blockNumber answered "thirty", not a quantity');
  });

  it('reads once more after a busy answer', async () => {
    expect(await chainReader(`${origin}/busy-once`).blockNumber()).toBe(1n);
    expect(node.asked.get('busy-once')).toBe(2);
  });

  it('lets the verifier refuse to start on a node that does not answer eth_chainId, in one line', async () => {
    await expect(rpcDeployedCode(`${origin}/not-json`)).rejects.toThrow(/^--verify-rpc http:\/\/127\.0\.0\.1:\d+\/not-json does not answer eth_chainId: the answer \(HTTP 200\) is not JSON$/);
    expect((await rpcDeployedCode(`${origin}/chain`)).chainIds).toEqual(new Set(['31337']));
  });
});
