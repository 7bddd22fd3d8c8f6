import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../server.ts';
import { referenceForTests } from './reference-for-tests.ts';
import { fixtureContractNames, loadVerificationSample } from '../../fixtures/contracts/deployments.ts';

const reference = referenceForTests();

describe('reference server program', () => {
  it('listens on loopback and serves the three interfaces from one port', async () => {
    const { server } = reference;
    expect(new URL(server.baseUrl).hostname).toBe('127.0.0.1');
    expect(server.statusUrl).toBe(`${server.baseUrl}/status/api/v2`);
    expect(server.verifyUrl).toBe(server.baseUrl);
    const status = async (url: string) => {
      const response = await fetch(url);
      await response.text();
      return response.status;
    };
    expect(await status(`${server.baseUrl}/api/v1/blocks?limit=1`)).toBe(200);
    expect(await status(`${server.statusUrl}/summary.json`)).toBe(200);
    const verify = await fetch(`${server.verifyUrl}/v2/verify/not-a-uuid`);
    await verify.text();
    expect(verify.status).toBeGreaterThanOrEqual(400);
    expect(verify.status).toBeLessThan(500);
  });

  it('logs every request it served with method, url and status', async () => {
    const { server } = reference;
    const before = server.requestLog.length;
    await (await fetch(`${server.baseUrl}/api/v1/schedules?limit=1`)).text();
    await (await fetch(`${server.baseUrl}/api/v1/no-such-route`)).text();
    const entries = server.requestLog.slice(before);
    expect(entries.map((e) => [e.method, e.url, e.status])).toEqual([
      ['GET', '/api/v1/schedules?limit=1', 200],
      ['GET', '/api/v1/no-such-route', 404],
    ]);
    expect(entries.every((e) => typeof e.at === 'number')).toBe(true);
  });

  it('answers JSON with CORS and cache headers, and 304 for a matching ETag', async () => {
    const { server } = reference;
    const response = await fetch(`${server.baseUrl}/api/v1/schedules?limit=2`);
    await response.text();
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('public, max-age=10');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${server.baseUrl}/api/v1/schedules?limit=2`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers unknown routes and wrong methods with the single-message 404 body', async () => {
    const { server } = reference;
    for (const [method, path] of [['GET', '/api/v1/nothing'], ['DELETE', '/api/v1/schedules'], ['GET', '/nowhere']] as const) {
      const response = await fetch(`${server.baseUrl}${path}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ _status: { messages: [{ message: 'Not found' }] } });
    }
  });

  it('closes cleanly: the port stops answering', async () => {
    const extra = await startReferenceServer();
    await extra.close();
    await expect(fetch(`${extra.baseUrl}/api/v1/blocks`)).rejects.toThrow();
  });

  it('without the ledger serves status and verification, no query service, and verifies a fixture contract exactly', async () => {
    const server = await startReferenceServer({ noLedger: true });
    try {
      expect((await fetch(`${server.baseUrl}/api/v1/blocks?limit=1`)).status).toBe(404);
      expect((await fetch(`${server.statusUrl}/summary.json`)).status).toBe(200);
      const { chainId, address, ...body } = loadVerificationSample(fixtureContractNames()[0]!);
      const accepted = await fetch(`${server.verifyUrl}/v2/verify/${chainId}/${address}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(accepted.status).toBe(202);
      const { verificationId } = (await accepted.json()) as { verificationId: string };
      let job: { isJobCompleted: boolean; contract: { match: string | null } } | undefined;
      // Bounded: 400 polls, 25 ms apart.
      for (let i = 0; i < 400 && !job?.isJobCompleted; i++) {
        if (i) await new Promise((resolve) => setTimeout(resolve, 25));
        job = (await (await fetch(`${server.verifyUrl}/v2/verify/${verificationId}`)).json()) as typeof job;
      }
      expect(job?.contract.match).toBe('exact_match');
    } finally {
      await server.close();
    }
  });

  // The CLI starts a status-only run's reference with both options (no ledger, and status alone):
  // it loaded and served the verifier too, a third of that start.
  it('with status alone serves the status interface only, whether or not the ledger is also left out', async () => {
    for (const opts of [{ statusOnly: true }, { statusOnly: true, noLedger: true }]) {
      const server = await startReferenceServer(opts);
      try {
        expect((await fetch(`${server.statusUrl}/summary.json`)).status, JSON.stringify(opts)).toBe(200);
        expect((await fetch(`${server.baseUrl}/api/v1/blocks?limit=1`)).status, JSON.stringify(opts)).toBe(404);
        expect((await fetch(`${server.verifyUrl}/v2/verify/not-a-uuid`)).status, JSON.stringify(opts)).toBe(404);
      } finally {
        await server.close();
      }
    }
  });
});
