// The contract call's data limit (LQ-4.3-data-max-length, issue 24 item 6) judged on targets that
// recorded no contract call: standard views answer in place of a replayed call, and where no call
// succeeds at all the refusals' reasons tell a limit set too low or too high from a correct one.
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { startProxy, type LoopbackProxy, type ProxyAnswer } from './cli-helpers.ts';
import { runSuiteFile } from './suite-file.ts';

const CALLS = 'suites/ledger-query/contract-call.test.ts';
const RULE = 'LQ-4.3-data-max-length';

/** The target recorded no contract call: the results list is empty. */
function noRecordedResults(path: string, answer: ProxyAnswer): ProxyAnswer | undefined {
  return path === '/api/v1/contracts/results' ? { ...answer, status: 200, body: JSON.stringify({ results: [], links: { next: null } }) } : undefined;
}

/** And no call succeeds: every call the reference runs reverts instead (its refusals pass as they are). */
function everyCallReverts(path: string, answer: ProxyAnswer): ProxyAnswer | undefined {
  if (path !== '/api/v1/contracts/call' || answer.status !== 200) return undefined;
  return { ...answer, status: 400, body: JSON.stringify({ _status: { messages: [{ message: 'CONTRACT_REVERT_EXECUTED', detail: 'no such function', data: null }] } }) };
}

// One run at a time: each sends bodies of 256 KiB through a proxy, and the machine's cores are shared.
describe('contract call data limit without a recorded call', () => {
  const servers: ReferenceServer[] = [];
  const proxies: LoopbackProxy[] = [];
  const start = async (faults: string[] = []) => {
    const server = await startReferenceServer({ faults });
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    for (const p of proxies) await p.close();
    await Promise.all(servers.map((s) => s.close()));
  });
  const behind = async (server: ReferenceServer, ...rewrites: Array<typeof noRecordedResults>) => {
    const proxy = await startProxy(server.baseUrl, {
      rewrite: (req, answer) => {
        const path = new URL(req.url ?? '/', 'http://proxy').pathname;
        return rewrites.reduce((a, rewrite) => rewrite(path, a) ?? a, answer);
      },
    });
    proxies.push(proxy);
    return proxy.url;
  };

  it('judges the limit on a standard view (name(), balanceOf(address), ...) of a listed contract', async () => {
    const rule = (await runSuiteFile(CALLS, await behind(await start(), noRecordedResults))).get(RULE)!;
    expect(rule).toMatchObject({ violated: 0 });
    expect(rule.held).toBeGreaterThan(0);
  }, 200_000);

  it('judges it by the refusals\' reasons when no call succeeds: a correct limit holds', async () => {
    const rule = (await runSuiteFile(CALLS, await behind(await start(), noRecordedResults, everyCallReverts))).get(RULE)!;
    expect(rule).toMatchObject({ violated: 0 });
    expect(rule.held).toBeGreaterThan(0);
  }, 200_000);

  it('fails a limit set too low: data at the limit refused naming data', async () => {
    const rule = (await runSuiteFile(CALLS, await behind(await start(['contract-call-data-limit-262144']), noRecordedResults, everyCallReverts))).get(RULE)!;
    expect(rule.messages).toEqual([expect.stringMatching(/^\[LQ-4\.3-data-max-length\] data of 262146 characters .* refused for its data/)]);
  }, 200_000);

  it('fails a limit set too high: one more character refused only as the call itself is', async () => {
    const rule = (await runSuiteFile(CALLS, await behind(await start(['contract-call-data-limit-262148']), noRecordedResults, everyCallReverts))).get(RULE)!;
    expect(rule.messages).toEqual([expect.stringMatching(/^\[LQ-4\.3-data-max-length\] data of 262147 characters was refused, but no message names data/)]);
  }, 200_000);
});
