// A rule that says several things passes only when each part held: an operation that refuses every
// valid input fails its rule, however many refusals of malformed input held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
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
});
