import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerVerifyRoutes } from '../verify/routes.ts';
import { createMemoryContractStore } from '../contract-store.ts';
import { fixtureContractNames, loadContractDeployments, loadVerificationSample, type VerificationSample } from '../../fixtures/contracts/deployments.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const JOB_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const store = createMemoryContractStore(loadContractDeployments(), 199);
let app: FastifyInstance;
let verifier: { close(): Promise<void> };
let baseUrl: string;

async function post(path: string, body: unknown, contentType = 'application/json') {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

async function get(path: string) {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

function submit(sample: VerificationSample, overrides: Record<string, unknown> = {}) {
  const { chainId, address, ...body } = sample;
  return post(`/v2/verify/${chainId}/${address}`, { ...body, ...overrides });
}

/** Polls a job until it completes (bounded: 400 polls, 25 ms apart). */
async function finishedJob(verificationId: string) {
  for (let i = 0; i < 400; i++) {
    const response = await get(`/v2/verify/${verificationId}`);
    expect(response.status).toBe(200);
    if (response.body.isJobCompleted) return response.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${verificationId} did not complete`);
}

async function verifyToEnd(sample: VerificationSample, overrides: Record<string, unknown> = {}) {
  const accepted = await submit(sample, overrides);
  expect(accepted.status).toBe(202);
  expect(accepted.body.verificationId).toMatch(UUID_V4);
  return finishedJob(accepted.body.verificationId);
}

function withSource(sample: VerificationSample, edit: (source: string) => string): VerificationSample {
  const [[path, { content }]] = Object.entries(sample.stdJsonInput.sources);
  return { ...sample, stdJsonInput: { ...sample.stdJsonInput, sources: { [path]: { content: edit(content) } } } };
}

function expectErrorBody(body: any, customCode: string) {
  expect(body.customCode).toBe(customCode);
  expect(body.message).toEqual(expect.any(String));
  expect(body.errorId).toMatch(UUID_V4);
}

beforeAll(async () => {
  app = Fastify();
  verifier = await registerVerifyRoutes(app, { store, rateLimit: { requests: 100_000, windowMs: 10_000 } });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await verifier.close();
  await app.close();
});

describe('verification of the fixture contracts from their own sources', () => {
  it.each(fixtureContractNames())('verifies %s with exact runtime and creation matches', async (name) => {
    const job = await verifyToEnd(loadVerificationSample(name, 296));
    expect(job.error).toBeUndefined();
    expect(job.contract).toMatchObject({ match: 'exact_match', runtimeMatch: 'exact_match', creationMatch: 'exact_match', chainId: '296' });
    expect(job.contract.address.toLowerCase()).toBe(loadVerificationSample(name).address);
    expect(job.jobStartTime).toMatch(JOB_TIME);
    expect(job.jobFinishTime).toMatch(JOB_TIME);
    expect(job.compilationTime).toMatch(/^\d+$/);
    expect(job.contract.verifiedAt).toMatch(JOB_TIME);
    expect(job.contract.matchId).toEqual(expect.any(String));
  });

  it('answers a second submission of an exactly verified contract with 409 already_verified', async () => {
    const sample = loadVerificationSample('FixtureToken', 295);
    await verifyToEnd(sample);
    const again = await submit(sample);
    expect(again.status).toBe(409);
    expectErrorBody(again.body, 'already_verified');
  });

  it('ends in a partial match when only a comment (so only the metadata) changed', async () => {
    const sample = withSource(loadVerificationSample('FixtureRegistry', 298), (s) => `${s}\n// an edited comment\n`);
    const job = await verifyToEnd(sample);
    expect(job.contract).toMatchObject({ match: 'match', runtimeMatch: 'match', creationMatch: 'match' });
    expect((await submit(sample)).status).toBe(202);
  });

  it('ends with no_match when the source logic changed', async () => {
    const sample = withSource(loadVerificationSample('FixtureGuard', 297), (s) => s.replace('return limit - value;', 'return limit + value;'));
    const job = await verifyToEnd(sample);
    expect(job.contract).toMatchObject({ match: null, runtimeMatch: null, creationMatch: null });
    expectErrorBody(job.error, 'no_match');
    expect(job.error.recompiledRuntimeCode).toMatch(/^0x[0-9a-f]+$/);
    expect(job.error.onchainRuntimeCode).toBe(loadContractDeployments().find((d) => d.name === 'FixtureGuard')!.runtimeBytecode);
  });

  it('ends with no_match for another contract\'s source at the address', async () => {
    const other = loadVerificationSample('FixtureVault', 297);
    const job = await verifyToEnd({ ...other, address: loadVerificationSample('FixtureToken').address });
    expectErrorBody(job.error, 'no_match');
  });

  it('ends with contract_not_deployed for an address without code', async () => {
    const job = await verifyToEnd({ ...loadVerificationSample('FixtureToken', 297), address: '0x00000000000000000000000000000000000f4240' });
    expectErrorBody(job.error, 'contract_not_deployed');
  });

  it('ends with unsupported_language for Vyper input', async () => {
    const sample = loadVerificationSample('FixtureVault', 298);
    const job = await verifyToEnd(sample, { stdJsonInput: { ...sample.stdJsonInput, language: 'Vyper' } });
    expectErrorBody(job.error, 'unsupported_language');
    expect(job.contract).toMatchObject({ match: null, runtimeMatch: null, creationMatch: null });
    expect(job.jobFinishTime).toMatch(JOB_TIME);
    // Nothing was compiled, so the job reports no compilationTime (as the open-source server does).
    expect(job).not.toHaveProperty('compilationTime');
  });

  it('ends with compiler_error for a compiler version that is not bundled', async () => {
    const job = await verifyToEnd(loadVerificationSample('FixtureVault', 298), { compilerVersion: 'v0.8.19+commit.7dd6d404' });
    expectErrorBody(job.error, 'compiler_error');
    expect(job.error.message).toContain('0.8.19');
  });

  it('answers a submission while a job for the same contract runs with 429 duplicate_verification_request; the job reads as pending', async () => {
    // A store whose code lookup waits for the test keeps the first job running deterministically.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gatedStore = { ...store, getCode: async (address: string, block?: number) => (await gate, store.getCode(address, block)) };
    const gatedApp = Fastify();
    const handle = await registerVerifyRoutes(gatedApp, { store: gatedStore });
    const url = await gatedApp.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { chainId, address, ...body } = loadVerificationSample('FixtureGuard', 295);
      const send = () => fetch(`${url}/v2/verify/${chainId}/${address}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const first = await send();
      expect(first.status).toBe(202);
      const second = await send();
      expect(second.status).toBe(429);
      expectErrorBody(await second.json(), 'duplicate_verification_request');
      const { verificationId } = (await first.json()) as { verificationId: string };
      const pending = (await (await fetch(`${url}/v2/verify/${verificationId}`)).json()) as any;
      expect(pending).toMatchObject({ isJobCompleted: false, verificationId, contract: { match: null, runtimeMatch: null, creationMatch: null, chainId: '295' } });
      expect(pending.jobStartTime).toMatch(JOB_TIME);
      expect(pending.jobFinishTime).toBeUndefined();
      expect(pending.error).toBeUndefined();
      release();
    } finally {
      release();
      await handle.close();
      await gatedApp.close();
    }
  });
});

describe('verification request validation', () => {
  const sample = loadVerificationSample('FixtureToken', 296);
  const { chainId, address, ...body } = sample;

  it('answers an unsupported but well-formed chain with 400 unsupported_chain', async () => {
    const response = await post(`/v2/verify/1/${address}`, body);
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 'unsupported_chain');
  });

  it('checks the body before the chain: a bad body on an unknown chain is invalid_parameter', async () => {
    const response = await post(`/v2/verify/1/${address}`, { ...body, compilerVersion: 'latest' });
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 'invalid_parameter');
  });

  it.each([
    ['a non-numeric chainId', `/v2/verify/abc/${address}`],
    ['a 21-digit chainId', `/v2/verify/${'1'.repeat(21)}/${address}`],
    ['a short address', `/v2/verify/${chainId}/0x1234`],
    ['an address without 0x', `/v2/verify/${chainId}/${address.slice(2)}00`],
    ['a non-hex address', `/v2/verify/${chainId}/0x${'z'.repeat(40)}`],
    ['a 200-character address', `/v2/verify/${chainId}/0x${'a'.repeat(198)}`],
    ['a 200-digit chainId', `/v2/verify/${'9'.repeat(200)}/${address}`],
  ])('rejects %s with 400 invalid_parameter', async (_label, path) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 'invalid_parameter');
  });

  it.each([
    ['no stdJsonInput', { ...body, stdJsonInput: undefined }],
    ['an unknown language', { ...body, stdJsonInput: { ...body.stdJsonInput, language: 'Rust' } }],
    ['no sources', { ...body, stdJsonInput: { language: 'Solidity', settings: {} } }],
    ['no settings', { ...body, stdJsonInput: { language: 'Solidity', sources: body.stdJsonInput.sources } }],
    ['a contract name that is not an identifier', { ...body, contractIdentifier: 'contracts/FixtureToken.sol:1Token' }],
    ['a malformed compilerVersion', { ...body, compilerVersion: '0.8' }],
    ['no compilerVersion', { ...body, compilerVersion: undefined }],
    ['a contractIdentifier without a colon', { ...body, contractIdentifier: 'FixtureToken' }],
    ['an upper-case creationTransactionHash', { ...body, creationTransactionHash: body.creationTransactionHash.toUpperCase().replace('0X', '0x') }],
    ['a body that is an array', [body]],
  ])('rejects a body with %s with 400 invalid_parameter', async (_label, invalid) => {
    const response = await post(`/v2/verify/${chainId}/${address}`, invalid);
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 'invalid_parameter');
  });

  it('answers an unparseable body with 400 invalid_json', async () => {
    const response = await post(`/v2/verify/${chainId}/${address}`, '{"stdJsonInput": ');
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 'invalid_json');
  });

  it('answers an unknown verification id with 404 job_not_found and a malformed one with 400', async () => {
    const unknown = await get('/v2/verify/0b6c1c3e-6d7f-4a8b-9c0d-1e2f3a4b5c6d');
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body, 'job_not_found');
    const malformed = await get('/v2/verify/not-a-uuid');
    expect(malformed.status).toBe(400);
    expectErrorBody(malformed.body, 'invalid_parameter');
  });

  it('answers a path with the wrong number of segments with 404 and the error body', async () => {
    const response = await get('/v2/verify/296/0x0000000000000000000000000000000000001b59');
    expect(response.status).toBe(404);
    expect(response.body.errorId).toMatch(UUID_V4);
  });

  it('refuses an unknown query parameter with 400 invalid_parameter', async () => {
    const response = await get('/v2/verify/0b6c1c3e-6d7f-4a8b-9c0d-1e2f3a4b5c6d?colour=blue');
    expect(response.status).toBe(400);
    expectErrorBody(response.body, 'invalid_parameter');
  });
});

describe('verification rate limit', () => {
  it('answers requests beyond the window budget with 429 too_many_requests and Retry-After', async () => {
    const limited = Fastify();
    const handle = await registerVerifyRoutes(limited, { store, rateLimit: { requests: 3, windowMs: 60_000 } });
    const url = await limited.listen({ host: '127.0.0.1', port: 0 });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 5; i++) {
        last = await fetch(`${url}/v2/verify/0b6c1c3e-6d7f-4a8b-9c0d-1e2f3a4b5c6d`);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expectErrorBody(await last!.json(), 'too_many_requests');
    } finally {
      await handle.close();
      await limited.close();
    }
  });
});
