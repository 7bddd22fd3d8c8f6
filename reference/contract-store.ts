// The contract state the EVM-backed routes read: deployed code and storage per block. The query
// service keeps it in its database (the SQL-backed store); the memory store serves self-tests.

export interface ContractDeployment {
  name: string;
  /** 0x + 40 lowercase hex, the deployed address. */
  evmAddress: string;
  /** The contract's entity number (id 0.0.entityNum). */
  entityNum: number;
  /** 0x hex: creation bytecode + ABI-encoded constructor args, as in the deploying transaction. */
  creationInput: string;
  /** 0x hex: deployed code with immutables filled. */
  runtimeBytecode: string;
  /** Storage after construction, 0x 32-byte hex slots and values. */
  storage: Array<{ slot: string; value: string }>;
  abi: unknown[];
  /** 'contracts/FixtureToken.sol:FixtureToken' */
  contractIdentifier: string;
  /** '0.8.37+commit.f401782d' */
  compilerVersion: string;
  /** The fixture block the contract is created in. */
  deployBlock: number;
  /** Logs emitted by the constructor. */
  logs: Array<{ address: string; topics: string[]; data: string }>;
  gasUsed: number;
}

export interface ContractStore {
  /** Deployed code, or null when there is none (or not yet at that block). */
  getCode(evmAddress: string, blockNumber?: number): Promise<string | null>;
  getStorage(evmAddress: string, blockNumber?: number): Promise<Array<{ slot: string; value: string }>>;
  latestBlockNumber(): Promise<number>;
  deployments(): Promise<ContractDeployment[]>;
}

/** A store over a fixed list of deployments; a contract exists from its deploy block on. */
export function createMemoryContractStore(deployments: ContractDeployment[], latestBlock: number): ContractStore {
  const byAddress = new Map(deployments.map((d) => [d.evmAddress.toLowerCase(), d]));
  const deployedAt = (evmAddress: string, blockNumber: number | undefined): ContractDeployment | undefined => {
    const deployment = byAddress.get(evmAddress.toLowerCase());
    if (!deployment) return undefined;
    return deployment.deployBlock <= (blockNumber ?? latestBlock) ? deployment : undefined;
  };
  return {
    async getCode(evmAddress, blockNumber) {
      return deployedAt(evmAddress, blockNumber)?.runtimeBytecode ?? null;
    },
    async getStorage(evmAddress, blockNumber) {
      return deployedAt(evmAddress, blockNumber)?.storage.map((entry) => ({ ...entry })) ?? [];
    },
    async latestBlockNumber() {
      return latestBlock;
    },
    async deployments() {
      return [...deployments];
    },
  };
}
