// Every operator on every filter of both lists (issue 24, item 5), proved on loopback targets: the
// reference holds, a list that ignores one operator on one filter fails the contract rule, and a
// list too small for an operator to show leaves it not evaluated, with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { startProxy, type LoopbackProxy } from './cli-helpers.ts';
import { runSuiteFile } from './suite-file.ts';

const FILTERS = 'suites/ledger-query/filters.test.ts';
const RULE = 'LQ-4-operator-semantics';

describe.concurrent('every operator on every filter', () => {
  let clean: ReferenceServer;
  let faulty: ReferenceServer;
  let oneSchedule: LoopbackProxy;
  beforeAll(async () => {
    [clean, faulty] = await Promise.all([
      startReferenceServer(),
      startReferenceServer({ faults: ['schedules-account-ne-ignored', 'transactions-account-lt-ignored'] }),
    ]);
    // A correct ledger that holds a single schedule: every schedule answer keeps only that one.
    oneSchedule = await startProxy(clean.baseUrl, {
      rewrite: (req, answer) => {
        if (new URL(req.url ?? '/', 'http://proxy').pathname !== '/api/v1/schedules' || answer.status !== 200) return answer;
        const body = JSON.parse(answer.body) as { schedules: Array<{ schedule_id: string }>; links: { next: string | null } };
        const { link: _link, ...headers } = answer.headers ?? {};
        return { ...answer, headers, body: JSON.stringify({ schedules: body.schedules.filter((s) => s.schedule_id === '0.0.4001'), links: { next: null } }) };
      },
    });
  }, 60_000);
  afterAll(async () => {
    await oneSchedule?.close();
    await Promise.all([clean?.close(), faulty?.close()]);
  });

  it('holds on the reference, and says why ne on the transaction list\'s account.id cannot show there', async () => {
    const evidence = await runSuiteFile(FILTERS, clean.baseUrl);
    const rule = evidence.get(RULE)!;
    expect(rule).toMatchObject({ violated: 0 });
    expect(rule.held).toBeGreaterThan(0);
    // Every fixture transaction involves its payer, a node and the fee accounts: no account alone.
    expect(rule.notEvaluated).toEqual([expect.stringMatching(/^account\.id on \/api\/v1\/transactions: no value on the first 25 row\(s\) .* ignored ne filter could not show$/)]);
  }, 200_000);

  it('fails a list that ignores ne: on the schedules\' account.id, and lt: on the transactions\' account.id', async () => {
    const rule = (await runSuiteFile(FILTERS, faulty.baseUrl)).get(RULE)!;
    expect(rule.messages).toEqual(expect.arrayContaining([
      expect.stringMatching(/account\.id on \/api\/v1\/schedules: ne:0\.0\.\d+ must list exactly what gt:0\.0\.\d+ and lt:0\.0\.\d+ list together/),
      expect.stringMatching(/account\.id on \/api\/v1\/transactions: lte:0\.0\.\d+ must list exactly what lt:0\.0\.\d+ and eq:0\.0\.\d+ list together/),
    ]));
  }, 200_000);

  it('leaves every operator on the filters of a one-schedule list not evaluated, with the reason', async () => {
    const rule = (await runSuiteFile(FILTERS, oneSchedule.url)).get(RULE)!;
    expect(rule.violated).toBe(0);
    for (const filter of ['schedule.id', 'account.id']) {
      const reasons = rule.notEvaluated.filter((r) => r.startsWith(`${filter} on /api/v1/schedules: `));
      expect(reasons, filter).toHaveLength(4);
      for (const reason of reasons) expect(reason).toMatch(/no value on the first 1 row\(s\) of the list is .*could not show/);
    }
  }, 200_000);
});
