// run --verify-rpc end to end on an anvil chain: the fixture contracts deployed once and found again
// (or deployed anew when the chain does not confirm them), and a verify run against the embedded
// reference reading that chain that passes on the provisioned samples alone. One chain for the file.
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { createPublicClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { provisionChainSamples } from '../../src/chain/provision-samples.ts';
import { chainSamples } from '../../src/chain/chain-samples.ts';
import { chainRecordFile, readDeploymentRecord } from '../../src/chain/deployment-record.ts';
import { readJson, runCli, tempDir } from '../production/cli-helpers.ts';
import { startDevChain, type DevChain } from '../support/dev-chain.ts';

/** anvil's second development account (its well-known test key, funded on every anvil chain). */
const SECOND_ACCOUNT_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

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
    const client = createPublicClient({ transport: http(url) });
    const first = await provisionChainSamples({ url }, local);
    expect(first).toMatchObject({ chainId: '31337', deployed: 9, reused: 0 });
    const samples = chainSamples(first.deployments);
    expect(samples.filter((s) => s.expectedMatch === 'exact_match')).toHaveLength(8);
    expect(samples.filter((s) => s.expectedMatch === 'match').map((s) => s.contractIdentifier)).toEqual(['contracts/FixtureGuard.sol:FixtureGuard']);
    expect(new Set(samples.map((s) => s.address)).size).toBe(9);
    const block = await client.getBlockNumber();

    const second = await provisionChainSamples({ url }, local);
    expect(second).toMatchObject({ deployed: 0, reused: 9, deployments: first.deployments });
    expect(await client.getBlockNumber()).toBe(block);
  });

  it('deploys again what the chain does not confirm, from --verify-deployer-key, under --verify-chain-id', async (ctx) => {
    const { url } = needChain(ctx);
    const client = createPublicClient({ transport: http(url) });
    const file = join(tempDir('dev-chain-record'), 'chain-deployments.json');
    writeFileSync(file, readFileSync(recordFile));
    // One entry now names an address without code: a chain restarted since, or another chain on the port.
    const record = JSON.parse(readFileSync(file, 'utf8')) as { deployments: Array<{ address: string }> };
    record.deployments[0]!.address = '0x000000000000000000000000000000000000dead';
    writeFileSync(file, JSON.stringify(record));
    const provision = await provisionChainSamples({ url, deployerKey: SECOND_ACCOUNT_KEY, chainId: '31338' }, { ...local, recordFile: file });
    expect(provision).toMatchObject({ chainId: '31338', deployed: 1, reused: 8 });
    expect(provision.deployments.every((d) => d.chainId === '31338')).toBe(true);
    const redeployed = provision.deployments[0]!;
    const tx = await client.getTransaction({ hash: redeployed.creationTransactionHash as Hex });
    expect(tx.from.toLowerCase()).toBe(privateKeyToAccount(SECOND_ACCOUNT_KEY).address.toLowerCase());
    expect(readDeploymentRecord(file)[0]!.address).toBe(redeployed.address);
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
