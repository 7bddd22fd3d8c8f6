// A rule that says several things passes only when each part held: an operation that refuses every
// valid input fails its rule, however many refusals of malformed input held; a part no input could
// show is left unjudged, with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { startProxy } from './cli-helpers.ts';
import { runSuiteFile } from './suite-file.ts';

describe('clauses', { timeout: 240_000 }, () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ faults: ['fee-estimate-refuses-valid'] });
  });
  afterAll(async () => server?.close());

  it('fails LQ-4.4-fee-estimate-operation when every valid transaction is refused', async () => {
    const evidence = await runSuiteFile('suites/ledger-query/fee-estimate.test.ts', server.baseUrl);
    const rule = evidence.get('LQ-4.4-fee-estimate-operation');
    expect(rule?.violated).toBeGreaterThan(0);
    expect(rule?.messages.join('\n')).toMatch(/got no estimate: 400/);
  });

  it('judges the schedule list\'s states where each is listed, and leaves them unjudged where every listed schedule reads executed', async () => {
    const RULES = ['LQ-4.1-lists-executed-and-pending', 'LQ-3-schedule-state-fields'];
    const NOT_EXECUTED = /no not-yet-executed schedule among/;
    const reference = await runSuiteFile('suites/ledger-query/schedules.test.ts', server.baseUrl);
    for (const rule of RULES) {
      expect(reference.get(rule)?.held, rule).toBeGreaterThan(0);
      expect(reference.get(rule)?.notEvaluated.join('\n'), rule).not.toMatch(NOT_EXECUTED);
    }
    // Every pending schedule answered as executed: a list that left them out would look the same.
    const proxy = await startProxy(server.baseUrl, {
      rewrite: (req, answer) => {
        if (!(req.url ?? '').startsWith('/api/v1/schedules') || answer.status !== 200) return answer;
        const body = JSON.parse(answer.body) as { schedules?: Array<Record<string, unknown>> } & Record<string, unknown>;
        for (const s of body.schedules ?? [body]) if (s.executed_timestamp === null && s.deleted === false) s.executed_timestamp = s.consensus_timestamp;
        return { ...answer, body: JSON.stringify(body) };
      },
    });
    try {
      const allExecuted = await runSuiteFile('suites/ledger-query/schedules.test.ts', proxy.url);
      for (const rule of RULES) {
        expect(allExecuted.get(rule)?.violated, rule).toBe(0);
        expect(allExecuted.get(rule)?.notEvaluated.join('\n'), rule).toMatch(NOT_EXECUTED);
      }
    } finally {
      await proxy.close();
    }
  });

  it('judges the schedule list\'s default page size only on a list longer than 25', async () => {
    const SHORT_LIST = /not more than 25: a page past the default size could not show/;
    const reference = (await runSuiteFile('suites/ledger-query/schedules.test.ts', server.baseUrl)).get('LQ-4.1-limit-default');
    expect(reference?.held).toBeGreaterThan(0);
    expect(reference?.notEvaluated.join('\n')).not.toMatch(SHORT_LIST);
    // Twenty schedules in all: a server that ignored the default would answer the same page.
    const proxy = await startProxy(server.baseUrl, {
      rewrite: (req, answer) => {
        if (!/^\/api\/v1\/schedules(\?|$)/.test(req.url ?? '') || answer.status !== 200) return answer;
        const body = JSON.parse(answer.body) as { schedules: unknown[]; links: { next: string | null } };
        return { ...answer, body: JSON.stringify({ ...body, schedules: body.schedules.slice(0, 20), links: { next: null } }) };
      },
    });
    try {
      const short = (await runSuiteFile('suites/ledger-query/schedules.test.ts', proxy.url)).get('LQ-4.1-limit-default');
      expect(short?.violated).toBe(0);
      expect(short?.notEvaluated.join('\n')).toMatch(SHORT_LIST);
    } finally {
      await proxy.close();
    }
  });

  it('judges the gas estimate and the data forms taken only on calls the target runs, never on refusals alone (and the block forms taken and refused on the reference)', async () => {
    const reference = await runSuiteFile('suites/ledger-query/contract-call.test.ts', server.baseUrl);
    expect(reference.get('LQ-4.3-estimate-gas')?.clausesHeld).toMatchObject({ estimates: expect.any(Number), 'default-false': expect.any(Number) });
    for (const rule of ['LQ-4.3-block-pattern', 'LQ-4.3-data-pattern']) {
      expect(reference.get(rule)?.clausesHeld, rule).toMatchObject({ 'accepts-valid': expect.any(Number), 'rejects-invalid': expect.any(Number) });
    }
    // Every call the reference would run answers as reverted: no call to estimate, the refusals unchanged.
    const proxy = await startProxy(server.baseUrl, {
      rewrite: (req, answer) => (req.url === '/api/v1/contracts/call' && answer.status === 200
        ? { ...answer, status: 400, body: JSON.stringify({ _status: { messages: [{ message: 'CONTRACT_REVERT_EXECUTED', detail: '', data: '0x' }] } }) }
        : answer),
    });
    try {
      const reverted = await runSuiteFile('suites/ledger-query/contract-call.test.ts', proxy.url);
      expect(reverted.get('LQ-4.3-estimate-gas')?.held).toBeGreaterThan(0);
      expect(reverted.get('LQ-4.3-estimate-gas')?.clausesHeld).toEqual({});
      // Broken data is still refused, but no data was seen taken.
      expect(Object.keys(reverted.get('LQ-4.3-data-pattern')!.clausesHeld)).toEqual(['rejects-invalid']);
    } finally {
      await proxy.close();
    }
  });

  it('judges every entry of a transaction lookup only where an ID has several entries, and a cached list\'s lookups per kind of list', async () => {
    const ONE_ENTRY_EACH = /no transaction ID appears on more than one entry/;
    const reference = await runSuiteFile('suites/ledger-query/other-endpoints.test.ts', server.baseUrl);
    expect(reference.get('LQ-4.6-transaction-lookup-all-entries')?.held).toBeGreaterThan(0);
    expect(reference.get('LQ-4.6-transaction-lookup-all-entries')?.notEvaluated.join('\n')).not.toMatch(ONE_ENTRY_EACH);
    expect(Object.keys(reference.get('LQ-1-list-entity-retrievable')!.clausesHeld).sort()).toEqual(['accounts', 'contracts', 'schedules', 'tokens']);
    // The transaction list with each ID's first entry only (no listed ID can show a lookup that drops
    // entries), and an empty token list (no token to look up).
    const proxy = await startProxy(server.baseUrl, {
      rewrite: (req, answer) => {
        if (/^\/api\/v1\/tokens(\?|$)/.test(req.url ?? '') && answer.status === 200) return { ...answer, body: JSON.stringify({ tokens: [], links: { next: null } }) };
        if (!/^\/api\/v1\/transactions(\?|$)/.test(req.url ?? '') || answer.status !== 200) return answer;
        const body = JSON.parse(answer.body) as { transactions: Array<{ transaction_id: string }> };
        body.transactions = body.transactions.filter((tx, i, all) => all.findIndex((other) => other.transaction_id === tx.transaction_id) === i);
        return { ...answer, body: JSON.stringify(body) };
      },
    });
    try {
      const changed = await runSuiteFile('suites/ledger-query/other-endpoints.test.ts', proxy.url);
      expect(changed.get('LQ-4.6-transaction-lookup-all-entries')?.violated).toBe(0);
      expect(changed.get('LQ-4.6-transaction-lookup-all-entries')?.notEvaluated.join('\n')).toMatch(ONE_ENTRY_EACH);
      expect(Object.keys(changed.get('LQ-1-list-entity-retrievable')!.clausesHeld).sort()).toEqual(['accounts', 'contracts', 'schedules']);
    } finally {
      await proxy.close();
    }
  });
});
