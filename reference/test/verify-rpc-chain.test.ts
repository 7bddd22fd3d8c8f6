// The verifier reading a chain through JSON-RPC (serve --verify-rpc) on an anvil chain: it serves the
// chain's id alone, finds the creating transaction with or without its hash, matches a contract
// whose metadata differs partially, upgrades it with the input it was built from, and then, as for
// any exact match, answers already_verified; a partial match submitted again ends its job with already_verified.
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerVerifyRoutes } from '../verify/routes.ts';
import { chainReader } from '../verify/chain-reader.ts';
import { rpcDeployedCode } from '../verify/rpc-deployed-code.ts';
import { createMemoryContractStore } from '../contract-store.ts';
import { loadContractArtifact } from '../../fixtures/contracts/deployments.ts';
import { loadMetadataVariant, METADATA_VARIANT_OF } from '../../fixtures/contracts/metadata-variant.ts';
import { deployOnDevChain, startDevChain, type DevChain } from '../../tests/support/dev-chain.ts';

const JOB_WAIT_MS = 30_000;

let chain: DevChain | undefined;
let notStarted = '';
let app: FastifyInstance;
let verifier: { close(): Promise<void> } | undefined;
let verifyUrl: string;
let chainId: string;
const deployed: Record<string, { address: string; hash: string }> = {};

beforeAll(async () => {
  const started = await startDevChain();
  if (!('url' in started)) {
    notStarted = started.reason;
    return;
  }
  chain = started;
  deployed.token = await deployOnDevChain(chain.url, loadContractArtifact('FixtureToken').deployment.creationInput);
  deployed.variant = await deployOnDevChain(chain.url, loadMetadataVariant().creationInput);
  chainId = String(await chainReader(chain.url).chainId());
  app = Fastify();
  // The store holds nothing: every code the verifier compares comes from the chain.
  verifier = await registerVerifyRoutes(app, { store: createMemoryContractStore([], 0), rateLimit: { requests: 100_000, windowMs: 10_000 }, deployedCode: await rpcDeployedCode(chain.url) });
  verifyUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await verifier?.close();
  await app?.close();
  await chain?.close();
});

function needChain(ctx: TestContext): void {
  if (!chain) ctx.skip(`no development chain: ${notStarted}`);
}

async function submit(chain: string, address: string, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${verifyUrl}/v2/verify/${chain}/${address}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

async function verifyToEnd(address: string, body: object): Promise<{ contract: Record<string, unknown>; error?: { customCode: string } }> {
  const accepted = await submit(chainId, address, body);
  expect(accepted.status).toBe(202);
  const until = Date.now() + JOB_WAIT_MS;
  while (Date.now() < until) {
    const job = (await (await fetch(`${verifyUrl}/v2/verify/${accepted.body.verificationId as string}`)).json()) as { isJobCompleted: boolean; contract: Record<string, unknown>; error?: { customCode: string } };
    if (job.isJobCompleted) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the job of ${address} did not complete within ${JOB_WAIT_MS} ms`);
}

function bodyOf(name: string, stdJsonInput?: object, creationTransactionHash?: string): object {
  const artifact = loadContractArtifact(name);
  return { stdJsonInput: stdJsonInput ?? artifact.stdJsonInput, compilerVersion: artifact.deployment.compilerVersion, contractIdentifier: artifact.deployment.contractIdentifier, ...(creationTransactionHash ? { creationTransactionHash } : {}) };
}

const EXACT = { match: 'exact_match', runtimeMatch: 'exact_match', creationMatch: 'exact_match' };

describe('the verifier reading a chain through JSON-RPC', () => {
  it('serves the chain of the RPC alone', async (ctx) => {
    needChain(ctx);
    expect(chainId).toBe('31337');
    expect(await submit('296', deployed.token!.address, bodyOf('FixtureToken'))).toMatchObject({ status: 400, body: { customCode: 'unsupported_chain' } });
  });

  it('finds the creating transaction without its hash, matches exactly, then answers already_verified', async (ctx) => {
    needChain(ctx);
    expect((await verifyToEnd(deployed.token!.address, bodyOf('FixtureToken'))).contract).toMatchObject(EXACT);
    expect(await submit(chainId, deployed.token!.address.toUpperCase().replace('0X', '0x'), bodyOf('FixtureToken'))).toMatchObject({ status: 409, body: { customCode: 'already_verified' } });
  });

  it('matches the metadata variant partially from the fixture\'s own input, and exactly from the input it was built from', async (ctx) => {
    needChain(ctx);
    const { address, hash } = deployed.variant!;
    expect((await verifyToEnd(address, bodyOf(METADATA_VARIANT_OF, undefined, hash))).contract).toMatchObject({ match: 'match', runtimeMatch: 'match', creationMatch: 'match' });
    // As on the open-source Sourcify server: a partial match is accepted again, and the same input ends the job with already_verified.
    const again = await verifyToEnd(address, bodyOf(METADATA_VARIANT_OF, undefined, hash));
    expect(again.error?.customCode).toBe('already_verified');
    expect(again.contract.match).toBeNull();
    expect((await verifyToEnd(address, bodyOf(METADATA_VARIANT_OF, loadMetadataVariant().stdJsonInput))).contract).toMatchObject(EXACT);
    expect((await submit(chainId, address, bodyOf(METADATA_VARIANT_OF))).body).toMatchObject({ customCode: 'already_verified' });
  });

  it('ends the job with contract_not_deployed for an address without code', async (ctx) => {
    needChain(ctx);
    expect((await verifyToEnd('0x000000000000000000000000000000000000dead', bodyOf('FixtureToken'))).error?.customCode).toBe('contract_not_deployed');
  });
});
