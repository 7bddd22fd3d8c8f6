// What the verifier compares recompiled code with: the code deployed at an address and the input of
// the transaction that created it. By default the fixture ledger's deployments on the fixture
// chains; with --verify-rpc a chain read through JSON-RPC (rpc-deployed-code.ts), as Sourcify does.
import { FIXTURE_CHAIN_IDS } from '../../fixtures/contracts/fixture-contracts.ts';
import type { ContractStore } from '../contract-store.ts';

export interface DeployedCode {
  /** The chain ids served, as decimal strings; any other is unsupported_chain. */
  chainIds: ReadonlySet<string>;
  /** 0x runtime code at the address, null (or '0x') when nothing is deployed there. */
  runtimeCode(address: string): Promise<string | null>;
  /** 0x input of the creating transaction (creation code and constructor arguments), null when unknown. */
  creationInput(address: string, creationTransactionHash: string | null): Promise<string | null>;
}

/** The fixture deployments of the contract store; the creation inputs are those of the fixture chain. */
export function storeDeployedCode(store: ContractStore): DeployedCode {
  return {
    chainIds: new Set(FIXTURE_CHAIN_IDS),
    runtimeCode: (address) => store.getCode(address),
    async creationInput(address) {
      const deployment = (await store.deployments()).find((d) => d.evmAddress.toLowerCase() === address.toLowerCase());
      return deployment?.creationInput ?? null;
    },
  };
}
