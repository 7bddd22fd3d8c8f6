// When the suite may deploy on a chain (run --verify-rpc): never on a public network, and on a
// chain that is not on this machine only with --allow-writes. Each refusal is one ConfigError (exit 2).
import { ConfigError } from '../config/run-config.ts';
import { isLoopbackUrl } from '../config/base-url.ts';
import { publicChain } from './public-chains.ts';

/** The RPC URL as printed: its origin only, since a provider's path or query often carries a key. */
export function rpcOrigin(url: string): string {
  return new URL(url).origin;
}

/** Before any request: a chain that is not loopback (or is treated as remote) needs --allow-writes. */
export function refuseRemoteChain(url: string, options: { allowWrites: boolean; treatAsRemote: boolean }): void {
  if (options.allowWrites || (!options.treatAsRemote && isLoopbackUrl(url))) return;
  throw new ConfigError(`--verify-rpc ${rpcOrigin(url)} is not a loopback address: the suite deploys contracts there only with --allow-writes`);
}

/** A public network's chain id, reported by the RPC or given with --verify-chain-id, is refused whatever the flags. */
export function refusePublicChain(chainId: string, said: string): void {
  const chain = publicChain(chainId);
  if (chain) throw new ConfigError(`${said} chain ${chainId} (${chain.name}), a public network: the suite deploys its contracts only on development chains`);
}
