// The status checks against broken status pages: the reference behind a loopback proxy that makes
// two documents disagree (for good, or only on the first fetch) or empties the incidents, next to
// the same proxy passing everything through. Each run is the CLI's.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { concurrencyLimit, ruleRows, runCli, tempDir } from '../production/cli-helpers.ts';
import { answerJson, startFaultProxy, type Answer, type Fault } from './fault-proxy.ts';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(async () => server?.close());

// The runs share the reference (status documents only read it) but each has its own proxy and report directory.
const runSlot = concurrencyLimit(2);

function statusRun(name: string, fault: Fault): Promise<Map<string, string>> {
  return runSlot(() => statusRunNow(name, fault));
}

async function statusRunNow(name: string, fault: Fault): Promise<Map<string, string>> {
  const proxy = await startFaultProxy(new URL(server.statusUrl).origin, fault);
  try {
    const dir = tempDir(`status-${name}`);
    const result = await runCli(['run', '--no-html', '--only', 'status', '--status-url', `${proxy.url}${new URL(server.statusUrl).pathname}`, '--seed', '7', '--depth', '4', '--report-dir', dir, '--quiet']);
    if (process.env.SHOW_RUN) console.log(result.stdout);
    return new Map([...ruleRows(dir)].map(([id, row]) => [id, row.verdict]));
  } finally {
    await proxy.close();
  }
}

const on = (req: IncomingMessage, document: string) => (req.url ?? '').split('?')[0]!.endsWith(document);

/** The answer with its JSON changed by `change`. */
function edited(answer: Answer, change: (doc: Record<string, any>) => void): Answer {
  const doc = answerJson(answer);
  if (!doc) return answer;
  change(doc);
  return { ...answer, body: JSON.stringify(doc) };
}

/** Rules with a clause that only a listed closed item (Resolved, Postmortem, Completed) shows. */
const ALL_STATES = ['ST-4.7-incidents-all-states', 'ST-4.7-maintenances-all-states', 'ST-3-unresolved-states', 'ST-3-maintenance-state-groups'];

const AGREEMENT = ['ST-4.7-summary-components-agree', 'ST-4.7-summary-incidents-agree', 'ST-4.7-summary-maintenances-agree', 'ST-4.7-summary-indicator-agrees', 'ST-4.7-lists-agree-on-state', 'ST-4.7-shared-fields-agree'];

describe.concurrent('status checks on a correct page and on broken ones', { timeout: 240_000 }, () => {
  it('pass on the reference behind a transparent proxy', async () => {
    const verdicts = await statusRun('correct', {});
    for (const rule of [...AGREEMENT, ...ALL_STATES, 'ST-4.7-unknown-path-not-2xx']) expect(verdicts.get(rule), rule).toBe('passed');
  });

  it('report a page that also serves a document one step from its path (the summary without .json), every run', async () => {
    // At --depth 4 the near misses were once drawn at random: /summary was sent on none of seeds 1-3, 7 (this run's) and 20261122.
    const verdicts = await statusRun('summary-without-suffix', { url: (req) => (req.url ?? '/').replace(/\/summary(?=$|\?)/, '/summary.json') });
    expect(verdicts.get('ST-4.7-unknown-path-not-2xx')).toBe('deviates');
  });

  it('fail each contract fact two documents disagree on, and report a differing name under the observed rule', async () => {
    const verdicts = await statusRun('disagree', {
      rewrite: (req, answer) => {
        // components.json reports the first component in another status than summary.json does.
        if (on(req, '/components.json')) return edited(answer, (d) => void (d.components[0].status = d.components[0].status === 'major_outage' ? 'operational' : 'major_outage'));
        if (on(req, '/status.json')) return edited(answer, (d) => void (d.status.indicator = d.status.indicator === 'critical' ? 'none' : 'critical'));
        // Same incident, same state, another name.
        if (on(req, '/incidents/unresolved.json')) return edited(answer, (d) => void (d.incidents[0].name = `${d.incidents[0].name} (renamed)`));
        return answer;
      },
    });
    expect(verdicts.get('ST-4.7-summary-components-agree')).toBe('failed');
    expect(verdicts.get('ST-4.7-summary-indicator-agrees')).toBe('failed');
    expect(verdicts.get('ST-4.7-shared-fields-agree')).toBe('deviates');
    // The renamed incident is in the same state everywhere: its state rules hold.
    expect(verdicts.get('ST-4.7-summary-incidents-agree')).toBe('passed');
    expect(verdicts.get('ST-4.7-lists-agree-on-state')).toBe('passed');
  });

  it('do not fail on a disagreement that a re-fetch does not confirm (a live page changing)', async () => {
    let first = true;
    const verdicts = await statusRun('changing', {
      rewrite: (req, answer) => {
        if (!on(req, '/components.json') || !first) return answer;
        first = false;
        return edited(answer, (d) => void (d.components[0].status = d.components[0].status === 'major_outage' ? 'operational' : 'major_outage'));
      },
    });
    expect(verdicts.get('ST-4.7-summary-components-agree')).not.toBe('failed');
    expect(verdicts.get('ST-4.7-components-with-status')).toBe('passed');
  });

  it('do not pass "of any state" on full lists without a closed item: a page that leaves them out looks like one without any', async () => {
    const verdicts = await statusRun('no-closed-items', {
      rewrite: (req, answer) => edited(answer, (d) => {
        if (on(req, '/incidents.json')) d.incidents = d.incidents.filter((i: { status: string }) => !['resolved', 'postmortem'].includes(i.status));
        if (on(req, '/scheduled-maintenances.json')) d.scheduled_maintenances = d.scheduled_maintenances.filter((m: { status: string }) => m.status !== 'completed');
      }),
    });
    for (const rule of ALL_STATES) expect(verdicts.get(rule), rule).toBe('not-evaluated');
    // The open items are still listed: the other clause of each held.
    expect(verdicts.get('ST-8-lists-most-recent')).toBe('passed');
  });

  it('judge no incident rule on a page without incidents: not evaluated or skipped with a reason, never passed', async () => {
    const verdicts = await statusRun('no-incidents', {
      rewrite: (req, answer) => edited(answer, (d) => {
        if (Array.isArray(d.incidents)) d.incidents = [];
      }),
    });
    // The maintenances still show their list is the most recent one; with no incident, half of ST-8-lists-most-recent is unshown.
    for (const rule of ['ST-4.7-summary-incidents-agree', 'ST-3-incident-status-enum', 'ST-3-unresolved-states', 'ST-4.7-unresolved-subset', 'ST-4.7-incidents-all-states',
      'ST-4.7-summary-incidents-unresolved', 'ST-8-incidents-max-50', 'ST-4.7-incident-fields', 'ST-8-lists-most-recent']) {
      expect(['not-evaluated', 'skipped'], rule).toContain(verdicts.get(rule));
    }
  });
});
