// A 404 is judged by where it comes from (issue 26): the answer a target gives for a route it does
// not serve rejects nothing and is no endpoint's answer, while an endpoint that exists may answer 404
// with nothing to show (the public /network/stake before the network has a stake record). Targets
// are the reference server behind a proxy that makes one route answer as the public REST module does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { startProxy, type LoopbackProxy, type ProxyAnswer } from './cli-helpers.ts';
import { suiteFileRunner } from './suite-file.ts';

/** The public REST module's answer to an unknown route, a wrong method and a record it does not hold. */
const NOT_FOUND: ProxyAnswer = { status: 404, body: JSON.stringify({ _status: { messages: [{ message: 'Not found' }] } }) };

const runSuiteFile = suiteFileRunner(3);

describe.concurrent('404 answers from routes the target does not serve and from endpoints with nothing to show', () => {
  let reference: ReferenceServer;
  const proxies: LoopbackProxy[] = [];
  beforeAll(async () => {
    reference = await startReferenceServer();
  });
  afterAll(async () => {
    for (const p of proxies) await p.close();
    await reference?.close();
  });
  const proxy = async (intercept: (method: string, url: URL) => boolean) => {
    const p = await startProxy(reference.baseUrl, { intercept: (req) => (intercept(req.method ?? '', new URL(req.url ?? '/', 'http://proxy')) ? NOT_FOUND : undefined) });
    proxies.push(p);
    return p;
  };
  const isStake = (url: URL) => url.pathname === '/api/v1/network/stake';

  it('does not fail /network/stake that exists without a record, and fails it when the route is not served', async () => {
    // Without a record the endpoint still reads its query, so an unknown parameter is refused (400).
    const empty = await proxy((method, url) => method === 'GET' && isStake(url) && url.search === '');
    const unserved = await proxy((method, url) => method === 'GET' && isStake(url));
    const [young, missing] = await Promise.all([
      runSuiteFile('suites/ledger-query/other-endpoints.test.ts', empty.url),
      runSuiteFile('suites/ledger-query/other-endpoints.test.ts', unserved.url),
    ]);
    expect(young.get('LQ-4.6-endpoints-answer')).toMatchObject({ violated: 0 });
    expect(young.get('LQ-4.6-endpoints-answer')!.held).toBeGreaterThan(0);
    expect(missing.get('LQ-4.6-endpoints-answer')!.violated).toBe(1);
    expect(missing.get('LQ-4.6-endpoints-answer')!.messages[0]).toMatch(/GET \/api\/v1\/network\/stake: expected 200, got 404/);
  }, 400_000);

  it('holds no rejection rule of the contract call on a target that does not serve POST /contracts/call', async () => {
    const unserved = await proxy((method, url) => method === 'POST' && url.pathname === '/api/v1/contracts/call');
    const [served, missing] = await Promise.all([
      runSuiteFile('suites/ledger-query/contract-call.test.ts', reference.baseUrl),
      runSuiteFile('suites/ledger-query/contract-call.test.ts', unserved.url),
    ]);
    expect(served.get('LQ-4.3-to-required')!.held).toBeGreaterThan(0);
    for (const rule of ['LQ-4.3-to-required', 'LQ-4.3-address-pattern', 'LQ-4.3-block-pattern', 'LQ-7-contract-call-error-body']) {
      expect(missing.get(rule)?.held ?? 0, rule).toBe(0);
      expect(missing.get(rule)?.violated ?? 0, rule).toBe(0);
    }
  }, 400_000);
});
