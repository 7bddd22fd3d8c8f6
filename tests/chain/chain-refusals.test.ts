// The chains run --verify-rpc refuses to deploy on: a public network's (by the RPC's eth_chainId or
// --verify-chain-id) whatever the flags, and one off loopback without --allow-writes. Each refusal
// is one line and exit 2, before any transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRunConfig, parseFlags } from '../../src/config/parse-args.ts';
import { PUBLIC_CHAINS, publicChain } from '../../src/chain/public-chains.ts';
import { refuseRemoteChain } from '../../src/chain/write-guard.ts';
import { runCli, tempDir } from '../production/cli-helpers.ts';
import { rpcError, rpcResult, startJsonRpcNode, type LoopbackJsonRpcNode } from '../support/loopback-json-rpc-node.ts';

/**
 * A loopback JSON-RPC endpoint of a chain that says it is Ethereum mainnet; it records every method
 * asked. Under /dev it says it is a development chain (31337) and answers nothing else.
 */
let fakeMainnet: LoopbackJsonRpcNode;
let fakeUrl: string;
const methods: string[] = [];

beforeAll(async () => {
  fakeMainnet = await startJsonRpcNode((path, call) => {
    const dev = path === 'dev';
    if (!dev) methods.push(call.method);
    return call.method === 'eth_chainId' ? rpcResult(call, dev ? '0x7a69' : '0x1') : rpcError(call, -32601, 'not here');
  });
  fakeUrl = fakeMainnet.origin;
});
afterAll(() => fakeMainnet.close());

function expectOneLineRefusal(result: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
}

describe('the public chains', () => {
  it('list the network family and the well-known public chains, once each, and no development chain', () => {
    for (const id of [295, 296, 297, 1, 11155111, 17000, 10, 8453, 42161, 137, 56]) expect(publicChain(id), String(id)).toBeDefined();
    for (const id of [31337, 1337, 298]) expect(publicChain(id), String(id)).toBeUndefined();
    expect(new Set(PUBLIC_CHAINS.map((c) => c.id)).size).toBe(PUBLIC_CHAINS.length);
  });
});

describe('run --verify-rpc refuses', () => {
  it('a chain whose RPC reports a public chain id, having asked it nothing but its chain id', async () => {
    const result = await runCli(['run', '--only', 'verify', '--verify-rpc', fakeUrl, '--no-html', '--report-dir', tempDir('chain-refusal')]);
    expectOneLineRefusal(result, /--verify-rpc http:\/\/127\.0\.0\.1:\d+ is chain 1 \(Ethereum mainnet\), a public network/);
    expect(methods.length).toBeGreaterThan(0);
    expect(new Set(methods)).toEqual(new Set(['eth_chainId']));
  });

  it('a public chain id given with --verify-chain-id, with --allow-writes too, while reading the flags', () => {
    const parse = () => buildRunConfig(parseFlags(['--verify-rpc', fakeUrl, '--verify-chain-id', '296', '--allow-writes']), {});
    expect(parse).toThrow(/^--verify-chain-id names chain 296 \(Hedera testnet\), a public network: the suite deploys its contracts only on development chains$/);
  });

  it('an RPC off loopback without --allow-writes, and a loopback one treated as remote', () => {
    const parse = (...args: string[]) => () => buildRunConfig(parseFlags(['--verify-rpc', ...args]), {});
    expect(parse('http://192.0.2.1:8545')).toThrow(/^--verify-rpc http:\/\/192\.0\.2\.1:8545 is not a loopback address: the suite deploys contracts there only with --allow-writes$/);
    expect(parse('http://127.0.0.1:8545', '--treat-as-remote')).toThrow(/is not a loopback address/);
    expect(parse('http://192.0.2.1:8545', '--allow-writes')).not.toThrow();
    // The printed address leaves out a provider's path, where keys often sit.
    expect(() => refuseRemoteChain('https://rpc.example/v3/secret-key', { allowWrites: false, treatAsRemote: false })).toThrow(/^--verify-rpc https:\/\/rpc\.example is not/);
  });

  it('a deployer key that is not one, without repeating it', () => {
    const attempt = () => buildRunConfig(parseFlags(['--verify-rpc', 'http://127.0.0.1:8545', '--verify-deployer-key', '0xnot-a-key-123']), {});
    expect(attempt).toThrow(/^--verify-deployer-key must be a private key/);
    expect(attempt).not.toThrow(/not-a-key/);
  });

  it('a deployer key of 64 hex digits outside the curve\'s range, when it would deploy, without repeating it', async () => {
    const key = 'f'.repeat(64);
    const result = await runCli(['run', '--only', 'verify', '--verify-rpc', `${fakeUrl}/dev`, '--verify-deployer-key', key, '--no-html', '--report-dir', tempDir('chain-refusal-key')]);
    expectOneLineRefusal(result, /--verify-deployer-key is not a secp256k1 private key \(it is zero or not below the curve's order\)/);
    expect(result.stderr).not.toContain(key);
  });
});
