// run --verify-rpc: deploys the fixture contracts on a development chain through JSON-RPC, from its
// unlocked development account or --verify-deployer-key, so they can be verification samples.
// Deployments recorded by an earlier run are reused once the chain confirms them (eth_getCode, and
// the creating transaction carries the same bytecode).
import { chainFixtures, type ChainFixture } from '../../fixtures/contracts/chain-fixtures.ts';
import { ConfigError } from '../config/run-config.ts';
import { awaitReceipt } from './await-receipt.ts';
import { bytecodeHash, readDeploymentRecord, writeDeploymentRecord, type ChainDeployment, type RecordedDeployment } from './deployment-record.ts';
import { jsonRpc, quantity, type JsonRpc } from './json-rpc.ts';
import { addressOfPrivateKey } from './private-key-address.ts';
import { sendCreation, type Deployer } from './send-creation.ts';
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

/** Bound of one deployment's wait for its receipt (a development chain mines at once), and its polling pace. */
const RECEIPT_TIMEOUT_MS = 30_000;
const RECEIPT_POLL_MS = 100;

/** The failure's first line: the JSON-RPC caller's are one line, any other error is cut to one. */
function reason(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!;
}

async function confirmed(rpc: JsonRpc, fixture: ChainFixture, entry: RecordedDeployment): Promise<boolean> {
  try {
    const code = await rpc.read<string | null>('eth_getCode', [entry.address, 'latest']);
    if (!code || code === '0x') return false;
    const [tx, receipt] = await Promise.all([
      rpc.read<{ input?: string } | null>('eth_getTransactionByHash', [entry.creationTransactionHash]),
      rpc.read<{ contractAddress?: string | null } | null>('eth_getTransactionReceipt', [entry.creationTransactionHash]),
    ]);
    return tx?.input?.toLowerCase() === fixture.creationInput.toLowerCase() && receipt?.contractAddress?.toLowerCase() === entry.address.toLowerCase();
  } catch {
    return false;
  }
}

async function deployer(rpc: JsonRpc, url: string, key: string | undefined): Promise<Deployer> {
  if (key !== undefined) {
    try {
      return { account: addressOfPrivateKey(key), privateKey: key };
    } catch {
      // The flag's check passed 64 hex digits; the curve takes only 1 to its order minus 1. The key is not repeated.
      throw new ConfigError('--verify-deployer-key is not a secp256k1 private key (it is zero or not below the curve\'s order)');
    }
  }
  const accounts = await rpc.read<unknown>('eth_accounts').catch((error: unknown) => {
    throw new ConfigError(`--verify-rpc ${rpcOrigin(url)} does not answer eth_accounts (${reason(error)}): give --verify-deployer-key HEX`);
  });
  const account = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined;
  if (!account) throw new ConfigError(`--verify-rpc ${rpcOrigin(url)} has no unlocked account (eth_accounts is empty): give --verify-deployer-key HEX`);
  return { account };
}

async function deploy(rpc: JsonRpc, url: string, from: Deployer, fixture: ChainFixture): Promise<{ address: string; creationTransactionHash: string }> {
  try {
    const hash = await sendCreation(rpc, from, fixture.creationInput);
    const receipt = await awaitReceipt(rpc, hash, { pollMs: RECEIPT_POLL_MS, timeoutMs: RECEIPT_TIMEOUT_MS });
    const success = receipt.status === '0x1';
    if (!success || !receipt.contractAddress) throw new Error(`the deploying transaction ${hash} ${success ? 'created no contract' : 'reverted'}`);
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
  const chain = jsonRpc(rpc.url);
  const rpcChainId = String(await chain.read('eth_chainId').then((id) => quantity(id, 'eth_chainId')).catch((error: unknown) => {
    throw new ConfigError(`--verify-rpc ${rpcOrigin(rpc.url)} does not answer eth_chainId: ${reason(error)}`);
  }));
  refusePublicChain(rpcChainId, `--verify-rpc ${rpcOrigin(rpc.url)} is`);

  const recorded = readDeploymentRecord(options.recordFile).filter((d) => d.chainId === rpcChainId);
  const entries: RecordedDeployment[] = [];
  let from: Deployer | undefined;
  let deployed = 0;
  for (const fixture of chainFixtures()) {
    const hash = bytecodeHash(fixture.creationInput);
    const earlier = recorded.find((d) => d.key === fixture.key && d.bytecodeHash === hash);
    if (earlier && await confirmed(chain, fixture, earlier)) {
      entries.push(earlier);
      continue;
    }
    from ??= await deployer(chain, rpc.url, rpc.deployerKey);
    entries.push({ key: fixture.key, chainId: rpcChainId, bytecodeHash: hash, ...await deploy(chain, rpc.url, from, fixture) });
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
