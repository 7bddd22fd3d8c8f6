// The verifier's view of a chain read through JSON-RPC (serve --verify-rpc URL): runtime code with
// eth_getCode, creation input from the creating transaction. Without a creation transaction hash
// the creating block is found by a binary search on eth_getCode over the block numbers, and the
// transaction in it whose receipt names the address; contracts created by other contracts are not found.
import { chainReader, type ChainReader } from './chain-reader.ts';
import type { DeployedCode } from './deployed-code.ts';

const hasCode = (code: string) => code !== '0x';

async function creatingTransactionInput(chain: ChainReader, address: string): Promise<string | null> {
  let high = await chain.blockNumber();
  if (!hasCode(await chain.code(address, high))) return null;
  let low = 0n;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (hasCode(await chain.code(address, middle))) high = middle;
    else low = middle + 1n;
  }
  for (const tx of await chain.blockTransactions(low)) {
    if (tx.to !== null) continue;
    const receipt = await chain.receipt(tx.hash);
    if (receipt?.contractAddress?.toLowerCase() === address) return tx.input;
  }
  return null;
}

/** Connects to the chain and reads its id once; an unreachable RPC fails here, before the server starts. */
export async function rpcDeployedCode(url: string): Promise<DeployedCode> {
  const chain = chainReader(url);
  let chainId: bigint;
  try {
    chainId = await chain.chainId();
  } catch (error) {
    throw new Error(`--verify-rpc ${url} does not answer eth_chainId: ${(error as Error).message}`);
  }
  return {
    chainIds: new Set([String(chainId)]),
    async runtimeCode(address) {
      return chain.code(address.toLowerCase());
    },
    async creationInput(address, creationTransactionHash) {
      const lower = address.toLowerCase();
      if (creationTransactionHash) {
        const receipt = await chain.receipt(creationTransactionHash).catch(() => null);
        // A hash that did not create this contract proves nothing: the contract's own creation is looked up instead.
        if (receipt?.contractAddress?.toLowerCase() === lower) return (await chain.transaction(creationTransactionHash))?.input ?? null;
      }
      return creatingTransactionInput(chain, lower);
    },
  };
}
