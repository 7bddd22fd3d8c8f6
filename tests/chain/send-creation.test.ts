// A contract creation as the suite sends it, against a loopback node that records the calls: from an
// account the node holds, one eth_sendTransaction; from a private key, the fields asked of the chain
// and the transaction sent signed. Then its receipt, awaited until mined and no longer.
import { decode } from '@ethereumjs/rlp';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaitReceipt } from '../../src/chain/await-receipt.ts';
import { jsonRpc } from '../../src/chain/json-rpc.ts';
import { addressOfPrivateKey } from '../../src/chain/private-key-address.ts';
import { sendCreation } from '../../src/chain/send-creation.ts';
import { rpcResult, startJsonRpcNode, type LoopbackJsonRpcNode } from '../support/loopback-json-rpc-node.ts';

const KEY = '0x4646464646464646464646464646464646464646464646464646464646464646';
const HASH = `0x${'ab'.repeat(32)}`;

let node: LoopbackJsonRpcNode;
let url: string;
let calls: Array<{ method: string; params: unknown[] }> = [];
/** The result of each call; the current test sets it. */
let answer: (method: string, times: number) => unknown = () => null;

beforeAll(async () => {
  node = await startJsonRpcNode((_path, call) => {
    calls.push({ method: call.method, params: call.params });
    return rpcResult(call, answer(call.method, calls.filter((c) => c.method === call.method).length));
  });
  url = node.origin;
});
afterAll(() => node.close());

describe('a contract creation sent', () => {
  it('from an account the node holds is one eth_sendTransaction with the account and the creation input', async () => {
    calls = [];
    answer = () => HASH;
    expect(await sendCreation(jsonRpc(url), { account: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }, '0x6080604052')).toBe(HASH);
    expect(calls).toEqual([{ method: 'eth_sendTransaction', params: [{ from: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', data: '0x6080604052' }] }]);
  });

  it('from a private key is filled in from the chain, signed with the chain\'s id, and sent raw', async () => {
    calls = [];
    const fields: Record<string, string> = { eth_chainId: '0x7a69', eth_getTransactionCount: '0x9', eth_gasPrice: '0x4a817c800', eth_estimateGas: '0x1d4c0', eth_sendRawTransaction: HASH };
    answer = (method) => fields[method];
    const account = addressOfPrivateKey(KEY);
    expect(await sendCreation(jsonRpc(url), { account, privateKey: KEY }, '0x6080604052')).toBe(HASH);
    const reads = calls.slice(0, -1).sort((a, b) => a.method.localeCompare(b.method));
    expect(reads).toEqual([
      { method: 'eth_chainId', params: [] },
      { method: 'eth_estimateGas', params: [{ from: account, data: '0x6080604052' }] },
      { method: 'eth_gasPrice', params: [] },
      { method: 'eth_getTransactionCount', params: [account, 'pending'] },
    ]);
    const sent = calls.at(-1)!;
    expect(sent.method).toBe('eth_sendRawTransaction');
    const raw = (decode(sent.params[0] as string) as Uint8Array[]).map((f) => bytesToHex(f));
    // nonce, gas price, gas, no recipient, no value, the creation input; v for chain 31337 (EIP-155).
    expect(raw.slice(0, 6)).toEqual(['09', '04a817c800', '01d4c0', '', '', '6080604052']);
    expect(['f4f5', 'f4f6']).toContain(raw[6]);
  });

  it('from a private key is not sent when the chain answers a field that is not a quantity', async () => {
    calls = [];
    answer = (method) => (method === 'eth_gasPrice' ? null : '0x1');
    await expect(sendCreation(jsonRpc(url), { account: addressOfPrivateKey(KEY), privateKey: KEY }, '0x60')).rejects.toThrow(/^eth_gasPrice answered null, not a quantity$/);
    expect(calls.map((c) => c.method)).not.toContain('eth_sendRawTransaction');
  });
});

describe('the receipt awaited', () => {
  it('is asked for until the chain has mined the transaction', async () => {
    calls = [];
    answer = (_method, times) => (times < 3 ? null : { status: '0x1', contractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3' });
    expect(await awaitReceipt(jsonRpc(url), HASH, { pollMs: 10, timeoutMs: 5_000 })).toMatchObject({ status: '0x1', contractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3' });
    expect(calls).toEqual(Array.from({ length: 3 }, () => ({ method: 'eth_getTransactionReceipt', params: [HASH] })));
  });

  it('is given up after its bound, in one line', async () => {
    answer = () => null;
    await expect(awaitReceipt(jsonRpc(url), HASH, { pollMs: 20, timeoutMs: 100 })).rejects.toThrow(new RegExp(`^no receipt of ${HASH} within 0\\.1 s$`));
  });
});
