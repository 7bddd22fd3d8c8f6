// A --verify-samples file for a reference server that is not the embedded target: its fixture
// contracts on two of its chains, exact matches expected, as a user would describe their deployments.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureContractNames, loadVerificationSample } from '../../fixtures/contracts/deployments.ts';
import { tempDir } from '../production/cli-helpers.ts';

export function writeFixtureSamplesFile(chains: string[] = ['296', '297']): string {
  const samples = chains.flatMap((chain) => fixtureContractNames().map((name) => ({ ...loadVerificationSample(name, Number(chain)), expectedMatch: 'exact_match' })));
  const file = join(tempDir('samples'), 'samples.json');
  writeFileSync(file, JSON.stringify({ samples }, null, 2));
  return file;
}
