// The false failures the suite reported against the real query service (issue 12), each shown
// fixed on a loopback target that behaves as the service does, and each check still failing on a
// target that is really broken. Targets are the reference server behind a rewriting proxy.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { startProxy, type LoopbackProxy, type ProxyAnswer } from './cli-helpers.ts';
import { suiteFileRunner } from './suite-file.ts';

const INT64_MAX_LIKE = '9223372036847275807';
const INT64_MIN_LIKE = '-9223372036847275808';

/**
 * The oldest page of transactions with the first successful transfer's amounts replaced by the
 * notes' int64 example (…807, -…808 and `last`): the digits are written as they are, no double between.
 */
function withInt64Amounts(answer: ProxyAnswer, last: string): ProxyAnswer {
  const body = JSON.parse(answer.body) as { transactions?: Array<{ result: string; transfers: Array<{ account: string; amount: unknown }> }> };
  const tx = body.transactions?.find((t) => t.result === 'SUCCESS' && t.transfers.length >= 3);
  if (!tx) return answer;
  tx.transfers = tx.transfers.slice(0, 3).map((x, i) => ({ ...x, amount: `@${i}@` }));
  const text = JSON.stringify(body).replace('"@0@"', INT64_MAX_LIKE).replace('"@1@"', INT64_MIN_LIKE).replace('"@2@"', last);
  return { ...answer, body: text };
}

// The tests are independent (each its own proxies or servers in front of the shared reference, which
// they only read) and run side by side, their suite-file runs three at a time.
const runSuiteFile = suiteFileRunner(3);

describe.concurrent('false failures against the public service, fixed at their root', () => {
  let reference: ReferenceServer;
  const proxies: LoopbackProxy[] = [];
  beforeAll(async () => {
    reference = await startReferenceServer();
  });
  afterAll(async () => {
    for (const p of proxies) await p.close();
    await reference?.close();
  });
  const proxy = async (hooks: Parameters<typeof startProxy>[1]) => {
    const p = await startProxy(reference.baseUrl, hooks);
    proxies.push(p);
    return p;
  };
  const oldestPage = (url: string | undefined) => /\/api\/v1\/transactions\?order=asc&limit=100$/.test(url ?? '');

  it('sums int64 transfer amounts exactly: 9223372036847275807, -9223372036847275808 and 1 hold, and 2 instead of 1 is caught', async () => {
    const exact = await proxy({ rewrite: (req, answer) => (oldestPage(req.url) ? withInt64Amounts(answer, '1') : answer) });
    const off = await proxy({ rewrite: (req, answer) => (oldestPage(req.url) ? withInt64Amounts(answer, '2') : answer) });
    const [held, broken] = await Promise.all([
      runSuiteFile('suites/ledger-query/transactions.test.ts', exact.url),
      runSuiteFile('suites/ledger-query/transactions.test.ts', off.url),
    ]);
    expect(held.get('LQ-2.3-transfers-sum-to-zero')).toMatchObject({ violated: 0 });
    expect(held.get('LQ-2.3-transfers-sum-to-zero')!.held).toBeGreaterThan(0);
    expect(broken.get('LQ-2.3-transfers-sum-to-zero')!.violated).toBe(1);
    expect(broken.get('LQ-2.3-transfers-sum-to-zero')!.messages[0]).toMatch(/crypto transfers sum to 1, not 0/);
  }, 400_000);

  it('judges type=credit|debit over hbar and token transfers: the reference holds, a filter counting hbar only is caught', async () => {
    // A server that counts hbar transfers only: an account that only receives a token is not credited.
    const hbarOnly = await proxy({
      rewrite: (req, answer) => {
        const url = new URL(req.url ?? '/', 'http://proxy');
        const account = url.searchParams.get('account.id');
        const kind = url.searchParams.get('type');
        if (url.pathname !== '/api/v1/transactions' || !account || !kind || answer.status !== 200) return answer;
        const body = JSON.parse(answer.body) as { transactions: Array<{ transfers: Array<{ account: string; amount: number }> }> };
        body.transactions = body.transactions.filter((tx) => tx.transfers.some((x) => x.account === account && (kind === 'credit' ? x.amount > 0 : x.amount < 0)));
        return { ...answer, body: JSON.stringify(body) };
      },
    });
    const [held, broken] = await Promise.all([
      runSuiteFile('suites/ledger-query/transactions.test.ts', reference.baseUrl, 8),
      runSuiteFile('suites/ledger-query/transactions.test.ts', hbarOnly.url, 8),
    ]);
    expect(held.get('LQ-4.2-credit-debit-values')).toMatchObject({ violated: 0 });
    expect(held.get('LQ-4.2-credit-debit-values')!.held).toBeGreaterThan(0);
    expect(broken.get('LQ-4.2-credit-debit-values')!.violated).toBeGreaterThan(0);
  }, 400_000);

  it('judges the account lookup forms it can when no listed account has an alias, instead of skipping the rule', async () => {
    const noAliases = await proxy({
      rewrite: (req, answer) => {
        if (!/^\/api\/v1\/accounts(\?|$)/.test(req.url ?? '') || answer.status !== 200) return answer;
        const body = JSON.parse(answer.body) as { accounts: Array<Record<string, unknown>> };
        for (const a of body.accounts) a.alias = null;
        return { ...answer, body: JSON.stringify(body) };
      },
    });
    const evidence = await runSuiteFile('suites/ledger-query/other-endpoints.test.ts', noAliases.url, 2);
    expect(evidence.get('LQ-4.6-account-lookup-forms')).toMatchObject({ held: 2, violated: 0 });
    // Judged on the forms it could look up; the alias clause stays unjudged, so the rule cannot pass.
    expect(evidence.get('LQ-4.6-account-lookup-forms')!.notEvaluated.join('\n')).toMatch(/has an alias: the alias form could not be looked up/);
    expect(evidence.get('LQ-4.6-account-evm-address-without-0x')).toMatchObject({ held: 1, violated: 0 });
  }, 400_000);

  it('compares each read of a burst with the same read alone: a path that is always 404 holds, 400s only in a burst are caught', async () => {
    const publicLike = await startReferenceServer({ behaviour: 'public' });
    // A server that refuses reads while more than three are in flight, and serves them one at a time.
    let inFlight = 0;
    const refusing: Server = createServer((req, res) => {
      inFlight += 1;
      const done = (status: number, body: string) => {
        inFlight -= 1;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      };
      if (inFlight > 3) return done(400, '{"_status":{"messages":[{"message":"Too busy"}]}}');
      fetch(new URL(req.url ?? '/', reference.baseUrl)).then(async (up) => done(up.status, await up.text()), () => done(502, '{}'));
    });
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
    try {
      const held = await runSuiteFile('suites/ledger-query/robustness.test.ts', publicLike.baseUrl, 2);
      const broken = await runSuiteFile('suites/ledger-query/robustness.test.ts', `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`, 2);
      expect(held.get('LQ-8-no-stated-rate-limit')).toMatchObject({ held: 20, violated: 0 });
      expect(broken.get('LQ-8-no-stated-rate-limit')!.violated).toBeGreaterThan(0);
    } finally {
      await new Promise<void>((r) => refusing.close(() => r()));
      await publicLike.close();
    }
  }, 400_000);
});
