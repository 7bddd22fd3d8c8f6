// The verifier's view of a chain read through JSON-RPC (serve --verify-rpc URL): runtime code with
// eth_getCode, creation input from the creating transaction. Without a creation transaction hash
// the creating block is found by a binary search on eth_getCode over the block numbers, and the
// transaction in it whose receipt names the address; contracts created by other contracts are not found.
import { createPublicClient, http, type Hex, type PublicClient } from 'viem';
import type { DeployedCode } from './deployed-code.ts';

const hasCode = (code: Hex | undefined) => code !== undefined && code !== '0x';

async function creatingTransactionInput(client: PublicClient, address: Hex): Promise<Hex | null> {
  let high = await client.getBlockNumber();
  if (!hasCode(await client.getCode({ address, blockNumber: high }))) return null;
  let low = 0n;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (hasCode(await client.getCode({ address, blockNumber: middle }))) high = middle;
    else low = middle + 1n;
  }
  const block = await client.getBlock({ blockNumber: low, includeTransactions: true });
  for (const tx of block.transactions) {
    if (tx.to !== null) continue;
    const receipt = await client.getTransactionReceipt({ hash: tx.hash });
    if (receipt.contractAddress?.toLowerCase() === address) return tx.input;
  }
  return null;
}

/** Connects to the chain and reads its id once; an unreachable RPC fails here, before the server starts. */
export async function rpcDeployedCode(url: string): Promise<DeployedCode> {
  const client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: 10_000 }) });
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (error) {
    throw new Error(`--verify-rpc ${url} does not answer eth_chainId: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message.split('\n')[0]}`);
  }
  return {
    chainIds: new Set([String(chainId)]),
    async runtimeCode(address) {
      return (await client.getCode({ address: address.toLowerCase() as Hex })) ?? null;
    },
    async creationInput(address, creationTransactionHash) {
      const lower = address.toLowerCase() as Hex;
      if (creationTransactionHash) {
        const receipt = await client.getTransactionReceipt({ hash: creationTransactionHash as Hex }).catch(() => undefined);
        // A hash that did not create this contract proves nothing: the contract's own creation is looked up instead.
        if (receipt?.contractAddress?.toLowerCase() === lower) return (await client.getTransaction({ hash: creationTransactionHash as Hex })).input;
      }
      return creatingTransactionInput(client, lower);
    },
  };
}
