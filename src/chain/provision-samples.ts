// run --verify-rpc: deploys the fixture contracts on a development chain through JSON-RPC (viem),
// from its unlocked development account or --verify-deployer-key, so they can be verification
// samples. Deployments recorded by an earlier run are reused once the chain confirms them
// (eth_getCode, and the creating transaction carries the same bytecode).
import { createPublicClient, createWalletClient, http, type Account, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainFixtures, type ChainFixture } from '../../fixtures/contracts/chain-fixtures.ts';
import { ConfigError } from '../config/run-config.ts';
import { bytecodeHash, readDeploymentRecord, writeDeploymentRecord, type ChainDeployment, type RecordedDeployment } from './deployment-record.ts';
import { refusePublicChain, refuseRemoteChain, rpcOrigin } from './write-guard.ts';

export interface VerifyRpcOptions {
  url: string;
  /** --verify-chain-id: the chain id the samples are submitted under (default: the RPC's eth_chainId). */
  chainId?: string;
  /** --verify-deployer-key: 0x and 64 hex digits. A secret: never printed, never handed to the workers. */
  deployerKey?: string;
}

export interface ChainProvision {
  /** The chain id the samples are submitted under. */
  chainId: string;
  deployments: ChainDeployment[];
  deployed: number;
  reused: number;
}

/** Bound of one deployment's wait for its receipt (a development chain mines at once). */
const RECEIPT_TIMEOUT_MS = 30_000;

/** One line of viem's error, without its request dump. */
function reason(error: unknown): string {
  return (error as { shortMessage?: string }).shortMessage ?? String((error as Error)?.message ?? error).split('\n')[0]!;
}

async function confirmed(client: PublicClient, fixture: ChainFixture, entry: RecordedDeployment): Promise<boolean> {
  try {
    const code = await client.getCode({ address: entry.address as Hex });
    if (code === undefined || code === '0x') return false;
    const [tx, receipt] = await Promise.all([
      client.getTransaction({ hash: entry.creationTransactionHash as Hex }),
      client.getTransactionReceipt({ hash: entry.creationTransactionHash as Hex }),
    ]);
    return tx.input.toLowerCase() === fixture.creationInput.toLowerCase() && receipt.contractAddress?.toLowerCase() === entry.address.toLowerCase();
  } catch {
    return false;
  }
}

async function deployer(url: string, key: string | undefined): Promise<Account | Hex> {
  if (key !== undefined) return privateKeyToAccount((key.startsWith('0x') ? key : `0x${key}`) as Hex);
  const wallet = createWalletClient({ transport: http(url) });
  const [account] = await wallet.getAddresses().catch((error: unknown) => {
    throw new ConfigError(`--verify-rpc ${rpcOrigin(url)} does not answer eth_accounts (${reason(error)}): give --verify-deployer-key HEX`);
  });
  if (!account) throw new ConfigError(`--verify-rpc ${rpcOrigin(url)} has no unlocked account (eth_accounts is empty): give --verify-deployer-key HEX`);
  return account;
}

async function deploy(url: string, client: PublicClient, from: Account | Hex, fixture: ChainFixture): Promise<{ address: string; creationTransactionHash: string }> {
  const wallet = createWalletClient({ transport: http(url) });
  try {
    const hash = await wallet.sendTransaction({ account: from, data: fixture.creationInput as Hex, chain: null });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: RECEIPT_TIMEOUT_MS });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`the deploying transaction ${hash} ${receipt.status === 'success' ? 'created no contract' : 'reverted'}`);
    return { address: receipt.contractAddress.toLowerCase(), creationTransactionHash: hash };
  } catch (error) {
    throw new ConfigError(`--verify-rpc ${rpcOrigin(url)}: deploying ${fixture.key} failed: ${reason(error)}`);
  }
}

/**
 * Refuses unsafe chains first (ConfigError, exit 2), then reuses or deploys every chain fixture and
 * records them in `recordFile`. Resolves to the deployments the samples are built from.
 */
export async function provisionChainSamples(rpc: VerifyRpcOptions, options: { allowWrites: boolean; treatAsRemote: boolean; recordFile: string }): Promise<ChainProvision> {
  refuseRemoteChain(rpc.url, options);
  if (rpc.chainId !== undefined) refusePublicChain(rpc.chainId, '--verify-chain-id names');
  const client = createPublicClient({ transport: http(rpc.url, { retryCount: 1, timeout: 10_000 }) });
  const rpcChainId = String(await client.getChainId().catch((error: unknown) => {
    throw new ConfigError(`--verify-rpc ${rpcOrigin(rpc.url)} does not answer eth_chainId: ${reason(error)}`);
  }));
  refusePublicChain(rpcChainId, `--verify-rpc ${rpcOrigin(rpc.url)} is`);

  const recorded = readDeploymentRecord(options.recordFile).filter((d) => d.chainId === rpcChainId);
  const entries: RecordedDeployment[] = [];
  let from: Account | Hex | undefined;
  let deployed = 0;
  for (const fixture of chainFixtures()) {
    const hash = bytecodeHash(fixture.creationInput);
    const earlier = recorded.find((d) => d.key === fixture.key && d.bytecodeHash === hash);
    if (earlier && await confirmed(client, fixture, earlier)) {
      entries.push(earlier);
      continue;
    }
    from ??= await deployer(rpc.url, rpc.deployerKey);
    entries.push({ key: fixture.key, chainId: rpcChainId, bytecodeHash: hash, ...await deploy(rpc.url, client, from, fixture) });
    deployed += 1;
  }
  if (deployed > 0) writeDeploymentRecord(options.recordFile, rpcChainId, entries);
  const chainId = rpc.chainId ?? rpcChainId;
  return {
    chainId,
    deployments: entries.map(({ key, address, creationTransactionHash }) => ({ key, chainId, address, creationTransactionHash })),
    deployed,
    reused: entries.length - deployed,
  };
}
