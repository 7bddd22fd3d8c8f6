import type { TestProject } from 'vitest/node';
import './provided-config.ts';
import type { ResolvedConfig } from '../config/run-config.ts';
import { buildRunConfig } from '../config/parse-args.ts';
import { resolveConfig } from './resolve-config.ts';
import { startRunCoordinator } from './run-coordinator.ts';
import { startEmbeddedReference } from '../cli/embedded-reference.ts';

/** Seed and depth of the conformance suites inside `npm test`: fixed, so CI runs are reproducible. */
const SELF_TEST_RUN = { seed: '20261122', depth: '12' };

/**
 * Hands the workers their configuration and the run's coordinator. The CLI resolves the
 * configuration (and starts the reference server) and provides it to its vitest (`provide`), so
 * runs side by side in one process each keep theirs; a vitest started by hand reads it from
 * CONFORMANCE_CONFIG; `npm test` has neither, so the suites meet the embedded reference.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const provided = project.getProvidedContext().conformance as ResolvedConfig | undefined;
  const passed = process.env.CONFORMANCE_CONFIG;
  let server: Awaited<ReturnType<typeof startEmbeddedReference>> | undefined;
  let config: ResolvedConfig;
  if (provided) {
    config = provided;
  } else if (passed) {
    config = JSON.parse(passed) as ResolvedConfig;
  } else {
    server = await startEmbeddedReference();
    const run = buildRunConfig({}, {
      CONFORMANCE_SEED: process.env.CONFORMANCE_SEED ?? SELF_TEST_RUN.seed,
      CONFORMANCE_DEPTH: process.env.CONFORMANCE_DEPTH ?? SELF_TEST_RUN.depth,
    });
    const { baseUrl, statusUrl, verifyUrl } = server;
    config = resolveConfig(run, { baseUrl, statusUrl, verifyUrl }, { embedded: true });
  }
  // One worker keeps the run's limits itself (src/harness/local-run-limits.ts); several need the coordinator.
  const workers = project.config.maxWorkers;
  const coordinator = workers > 1 ? await startRunCoordinator(config) : undefined;
  project.provide('conformance', config);
  project.provide('coordinator', { ...(coordinator ? { url: coordinator.url } : {}), workers });
  return async () => {
    await coordinator?.close();
    await server?.close();
  };
}
