/**
 * The one way src/ reaches the reference implementation: the start-ups (the CLI's `run` without a
 * target, and the conformance project's global set-up under `npm test`) start it on a loopback port.
 * Imported on demand, so a run against other targets never loads it.
 */
export async function startEmbeddedReference(options: import('../../reference/server.ts').ReferenceServerOptions = {}): Promise<{ baseUrl: string; statusUrl: string; verifyUrl: string; close(): Promise<void> }> {
  const { startReferenceServer } = await import('../../reference/server.ts');
  return startReferenceServer(options);
}
