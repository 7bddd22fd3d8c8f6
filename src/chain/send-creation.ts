// The transaction that creates a contract (run --verify-rpc). From an account the node holds, the
// node fills it in and signs it (eth_sendTransaction); from --verify-deployer-key it is filled in from
// the chain, signed here and sent signed (eth_sendRawTransaction): the key never leaves the process.
import { quantity, type JsonRpc } from './json-rpc.ts';
import { signLegacyTransaction } from './sign-transaction.ts';

/** Who deploys: `account` sends; with `privateKey` (the key of `account`) the suite signs. */
export interface Deployer {
  account: string;
  privateKey?: string;
}

/** Sends the creation of `creationInput` (creation code and constructor arguments); resolves to the transaction's hash. */
export async function sendCreation(rpc: JsonRpc, from: Deployer, creationInput: string): Promise<string> {
  if (from.privateKey === undefined) return rpc.write<string>('eth_sendTransaction', [{ from: from.account, data: creationInput }]);
  const ask = async (method: string, params: unknown[] = []) => quantity(await rpc.read(method, params), method);
  // 'pending': a transaction of this account still waiting in the pool keeps its nonce.
  const [chainId, nonce, gasPrice, gas] = await Promise.all([
    ask('eth_chainId'),
    ask('eth_getTransactionCount', [from.account, 'pending']),
    ask('eth_gasPrice'),
    ask('eth_estimateGas', [{ from: from.account, data: creationInput }]),
  ]);
  const raw = signLegacyTransaction({ nonce, gasPrice, gas, value: 0n, data: creationInput, chainId }, from.privateKey);
  return rpc.write<string>('eth_sendRawTransaction', [raw]);
}
