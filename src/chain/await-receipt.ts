// The receipt of a sent transaction: asked for until the chain has mined it (eth_getTransactionReceipt
// answers null before), within a bound.
import type { JsonRpc } from './json-rpc.ts';

export interface TransactionReceipt {
  /** '0x1' for success, '0x0' for a reverted transaction. */
  status: string;
  /** The contract a creation made; null for any other transaction. */
  contractAddress: string | null;
}

export async function awaitReceipt(rpc: JsonRpc, hash: string, bounds: { pollMs: number; timeoutMs: number }): Promise<TransactionReceipt> {
  const until = Date.now() + bounds.timeoutMs;
  for (;;) {
    const receipt = await rpc.read<TransactionReceipt | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    if (Date.now() >= until) throw new Error(`no receipt of ${hash} within ${bounds.timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, bounds.pollMs));
  }
}
