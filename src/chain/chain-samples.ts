// The verification samples of the contracts the run deployed on a development chain (--verify-rpc):
// each submitted with its fixture's own standard-JSON input, expecting the chain fixture's match.
import { chainFixtures } from '../../fixtures/contracts/chain-fixtures.ts';
import { loadVerificationSample } from '../../fixtures/contracts/deployments.ts';
import type { VerificationSample } from '../samples/verify-samples-file.ts';
import type { ChainDeployment } from './deployment-record.ts';

export function chainSamples(deployments: ChainDeployment[]): VerificationSample[] {
  const fixtures = new Map(chainFixtures().map((f) => [f.key, f]));
  return deployments.flatMap((deployment) => {
    const fixture = fixtures.get(deployment.key);
    if (!fixture) return [];
    const { stdJsonInput, compilerVersion, contractIdentifier } = loadVerificationSample(fixture.name);
    return [{
      chainId: deployment.chainId,
      address: deployment.address,
      stdJsonInput,
      compilerVersion,
      contractIdentifier,
      creationTransactionHash: deployment.creationTransactionHash,
      expectedMatch: fixture.expectedMatch,
      source: `--verify-rpc (${deployment.key})`,
    }];
  });
}
