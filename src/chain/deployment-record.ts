// The suite's record of what it deployed on development chains, kept in the report directory so
// that the next run finds its contracts again (by chain id and creation bytecode) instead of
// deploying them anew. A record that cannot be read is treated as empty: the contracts are redeployed.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One fixture contract deployed on a chain: what the samples are built from. */
export interface ChainDeployment {
  /** The chain fixture's key (fixtures/contracts/chain-fixtures.ts). */
  key: string;
  chainId: string;
  address: string;
  creationTransactionHash: string;
}

export interface RecordedDeployment extends ChainDeployment {
  /** sha256 of the creation input: a changed fixture is deployed again. */
  bytecodeHash: string;
}

export function chainRecordFile(reportDir: string): string {
  return join(reportDir, 'chain-deployments.json');
}

export function bytecodeHash(creationInput: string): string {
  return createHash('sha256').update(creationInput.toLowerCase()).digest('hex');
}

export function readDeploymentRecord(file: string): RecordedDeployment[] {
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { deployments?: unknown };
    return Array.isArray(doc.deployments) ? (doc.deployments as RecordedDeployment[]).filter((d) => typeof d?.key === 'string' && typeof d.address === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the other chains' entries and replaces this chain's. */
export function writeDeploymentRecord(file: string, chainId: string, deployments: RecordedDeployment[]): void {
  const kept = readDeploymentRecord(file).filter((d) => d.chainId !== chainId);
  writeFileSync(file, `${JSON.stringify({ deployments: [...kept, ...deployments] }, null, 2)}\n`);
}
