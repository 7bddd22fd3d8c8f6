import type { ReferenceServerOptions } from '../../reference/server.ts';
import type { Layer } from '../../reference/faults/layer.ts';

// The one way src/ reaches the reference implementation: the start-ups (the CLI's `run` without a
// target, npm test's global set-up, self-check) start it on a loopback port or read its faults.
// Imported on demand, so a run against other targets never loads it.

export async function startEmbeddedReference(options: ReferenceServerOptions = {}): Promise<{ baseUrl: string; statusUrl: string; verifyUrl: string; close(): Promise<void> }> {
  const { startReferenceServer } = await import('../../reference/server.ts');
  return startReferenceServer(options);
}

/** The named faults the embedded reference can switch on: names, interfaces, the rules that must catch them. */
export async function embeddedReferenceFaults(): Promise<Layer[]> {
  const { FAULTS } = await import('../../reference/faults/catalogue.ts');
  return FAULTS;
}
