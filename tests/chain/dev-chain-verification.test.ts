// run --verify-rpc end to end on an anvil chain: the fixture contracts deployed once and found again
// (or deployed anew when the chain does not confirm them), and a verify run against the embedded
// reference reading that chain that passes on the provisioned samples alone. One chain for the file.
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { provisionChainSamples } from '../../src/chain/provision-samples.ts';
import { chainSamples } from '../../src/chain/chain-samples.ts';
import { chainRecordFile, readDeploymentRecord } from '../../src/chain/deployment-record.ts';
import { jsonRpc, quantity } from '../../src/chain/json-rpc.ts';
import { addressOfPrivateKey } from '../../src/chain/private-key-address.ts';
import { readJson, runCli, tempDir } from '../production/cli-helpers.ts';
import { startDevChain, type DevChain } from '../support/dev-chain.ts';

/**
 * A key anvil does not hold (EIP-155's example key), funded with anvil_setBalance: the chain cannot
 * sign for its account, so a deployment from it was signed by the suite.
 */
const OUTSIDE_KEY = '0x4646464646464646464646464646464646464646464646464646464646464646';

let chain: DevChain | undefined;
let notStarted = '';
const reportDir = tempDir('dev-chain');
const recordFile = chainRecordFile(reportDir);
const local = { allowWrites: false, treatAsRemote: false, recordFile };

function needChain(ctx: TestContext): DevChain {
  if (!chain) ctx.skip(`no development chain: ${notStarted}`);
  return chain!;
}

beforeAll(async () => {
  const started = await startDevChain();
  if ('url' in started) chain = started;
  else notStarted = started.reason;
});
afterAll(async () => {
  await chain?.close();
});

describe('provisioning on a development chain (--verify-rpc)', () => {
  it('deploys every chain fixture once and, on the next run, finds them again without a transaction', async (ctx) => {
    const { url } = needChain(ctx);
    const rpc = jsonRpc(url);
    const blockNumber = async () => quantity(await rpc.read('eth_blockNumber'), 'eth_blockNumber');
    const first = await provisionChainSamples({ url }, local);
    expect(first).toMatchObject({ chainId: '31337', deployed: 9, reused: 0 });
    const samples = chainSamples(first.deployments);
    expect(samples.filter((s) => s.expectedMatch === 'exact_match')).toHaveLength(8);
    expect(samples.filter((s) => s.expectedMatch === 'match').map((s) => s.contractIdentifier)).toEqual(['contracts/FixtureGuard.sol:FixtureGuard']);
    expect(new Set(samples.map((s) => s.address)).size).toBe(9);
    const block = await blockNumber();

    const second = await provisionChainSamples({ url }, local);
    expect(second).toMatchObject({ deployed: 0, reused: 9, deployments: first.deployments });
    expect(await blockNumber()).toBe(block);
  });

  it('deploys again what the chain does not confirm, signed with --verify-deployer-key, under --verify-chain-id', async (ctx) => {
    const { url } = needChain(ctx);
    const rpc = jsonRpc(url);
    const account = addressOfPrivateKey(OUTSIDE_KEY);
    expect(await rpc.read<string[]>('eth_accounts')).not.toContain(account);
    await rpc.write('anvil_setBalance', [account, '0x56bc75e2d63100000']);
    const file = join(tempDir('dev-chain-record'), 'chain-deployments.json');
    writeFileSync(file, readFileSync(recordFile));
    // One entry now names an address without code: a chain restarted since, or another chain on the port.
    const record = JSON.parse(readFileSync(file, 'utf8')) as { deployments: Array<{ address: string }> };
    record.deployments[0]!.address = '0x000000000000000000000000000000000000dead';
    writeFileSync(file, JSON.stringify(record));
    const provision = await provisionChainSamples({ url, deployerKey: OUTSIDE_KEY, chainId: '31338' }, { ...local, recordFile: file });
    expect(provision).toMatchObject({ chainId: '31338', deployed: 1, reused: 8 });
    expect(provision.deployments.every((d) => d.chainId === '31338')).toBe(true);
    const redeployed = provision.deployments[0]!;
    const tx = await rpc.read<{ from: string; type: string; v: string }>('eth_getTransactionByHash', [redeployed.creationTransactionHash]);
    // A legacy transaction whose v carries the chain's id 31337 (EIP-155: 35 + 2 * 31337 + the recovery bit).
    expect(tx).toMatchObject({ from: account, type: '0x0' });
    expect(['0xf4f5', '0xf4f6']).toContain(tx.v);
    expect(readDeploymentRecord(file)[0]!.address).toBe(redeployed.address);
  });

  it('refuses a deployer key whose account cannot pay, in one line that does not repeat the key', async (ctx) => {
    const { url } = needChain(ctx);
    const key = `0x${'17'.repeat(32)}`;
    const attempt = provisionChainSamples({ url, deployerKey: key }, { ...local, recordFile: join(tempDir('dev-chain-unfunded'), 'chain-deployments.json') });
    const message = await attempt.then(() => 'deployed', (error: Error) => error.message);
    expect(message).toMatch(/^--verify-rpc http:\/\/127\.0\.0\.1:\d+: deploying \S+ failed: [^\n]+ \(JSON-RPC error -?\d+\)$/);
    expect(message).not.toContain('17'.repeat(32));
  });
});

describe('run --only verify --verify-rpc', () => {
  it('passes against the embedded reference reading the chain, on the provisioned samples it finds again', async (ctx) => {
    const { url } = needChain(ctx);
    await provisionChainSamples({ url }, local);
    const result = await runCli(['run', '--only', 'verify', '--verify-rpc', url, '--no-html', '--quiet', '--seed', '20261127', '--report-dir', reportDir], 150_000);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('9 contracts, 0 deployed, 9 reused');
    const verdict = readJson<{ outcome: string; coverage: Array<{ interface: string; evaluated: number; total: number }> }>(join(reportDir, 'rules.json'));
    expect(verdict.outcome).toBe('PASS');
    expect(verdict.coverage[0]!.evaluated).toBeGreaterThanOrEqual(26);
    expect(result.code).toBe(0);
  }, 180_000);
});
