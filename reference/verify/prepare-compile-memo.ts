// `npm ci` / `npm install` (the `prepare` script): compiles the fixture contracts' verification
// inputs into the compile memo once. Without it every process that verified first on a fresh clone
// loaded and warmed a solc of its own for the same inputs (npm test on a fresh clone: 183 s against
// 158 s with the memo filled). A failure here only warns: the reference then compiles on first use.
import { fixtureContractNames, loadContractArtifact } from '../../fixtures/contracts/deployments.ts';
import { loadMetadataVariant } from '../../fixtures/contracts/metadata-variant.ts';
import { compileStandardJsonOffThread } from './solc-compiler.ts';

const started = Date.now();
try {
  const inputs = [...fixtureContractNames().map((name) => loadContractArtifact(name).stdJsonInput), loadMetadataVariant().stdJsonInput];
  // Side by side: the compiler takes them one at a time, and inputs compiled before only wait their compile's time.
  await Promise.all(inputs.map((input) => compileStandardJsonOffThread(input)));
  process.stdout.write(`reference compile memo ready in reference/.cache/solc: ${inputs.length} fixture inputs (${Date.now() - started} ms)\n`);
} catch (error) {
  process.stderr.write(`warning: could not compile the fixture contracts ahead (${(error as Error).message}); the reference compiles them on first use\n`);
}
