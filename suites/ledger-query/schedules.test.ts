import { describe } from 'vitest';
import { compareDecimalText } from '../../generators/semantic/range-filter-pair.ts';
import { expectLimitTakesFirst } from '../../src/checks/limit-takes-first.ts';
import { expectPageSize } from '../../src/checks/page-size.ts';
import { expectMatchesResponseSchema } from '../../src/checks/response-schema.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { responseSchemaRules } from '../../src/checks/schema-rules.ts';
import { expectSortedBy } from '../../src/checks/sorted-by.ts';
import { isSuccessfulResult } from '../../src/checks/successful-result.ts';
import { discoverTransactionsOfType } from '../../src/discovery/transactions-of-type.ts';
import { forEachCase } from '../../src/harness/cases-at-once.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { SCHEDULE_LIST, type Schedule } from '../../src/walkers/ledger-lists.ts';
import { listPage } from '../../src/walkers/list-page.ts';
import { ascendingSlice } from '../../src/walkers/list-slice.ts';
import { walkPages } from '../../src/walkers/walk-pages.ts';

const TIMESTAMP = /^\d{1,10}(\.\d{1,9})?$/;

const schemaRules = await responseSchemaRules('listSchedules', 200);

/** The beginning of the list, ascending: up to three full pages, enough to find each kind of schedule. */
async function firstSchedules(t: Check): Promise<Schedule[]> {
  const slice = await ascendingSlice(t, SCHEDULE_LIST, 3);
  if (slice.items.length === 0) t.skip('the target lists no schedules');
  return slice.items;
}

const ids = (items: Schedule[]) => items.map((s) => s.schedule_id);

describe.concurrent('GET /api/v1/schedules', () => {
  ruleTest('answers a request without credentials with the schedule list envelope', ['LQ-5-schedules-no-auth', ...schemaRules], async (t) => {
    // Configured credentials are left out (undici drops headers whose value is undefined).
    const withoutCredentials = Object.fromEntries(Object.keys(t.config.headers).map((name) => [name, undefined])) as unknown as Record<string, string>;
    const exchange = await t.send({ method: 'GET', url: SCHEDULE_LIST.path, headers: withoutCredentials });
    expectRule('LQ-5-schedules-no-auth', exchange.status === 200, `the schedule list answered ${exchange.status} to a request without credentials`, exchange);
    await expectMatchesResponseSchema(t, exchange, 'ledger-query', 'listSchedules', SCHEDULE_LIST.envelope);
  });

  ruleTest('every schedule on the first pages matches the Schedule schema (IDs, timestamps, keys, signatures, base64)', schemaRules, async (t) => {
    const walk = await walkPages<Schedule>(t, SCHEDULE_LIST.path, { listKey: 'schedules', query: [['limit', '100']], pageCap: 3, rule: SCHEDULE_LIST.envelope });
    for (const page of walk.pages) await expectMatchesResponseSchema(t, page.exchange, 'ledger-query', 'listSchedules', SCHEDULE_LIST.envelope);
    if (walk.items.length === 0) t.skip('the target lists no schedules, so no Schedule object could be checked');
    t.note(`checked ${walk.items.length} schedules on ${walk.pages.length} page(s)`);
  });

  ruleTest('every schedule carries deleted (boolean) and executed_timestamp (null or a timestamp)', ['LQ-3-schedule-state-fields', SCHEDULE_LIST.envelope], async (t) => {
    const schedules = await firstSchedules(t);
    for (const s of schedules) {
      t.soft('LQ-3-schedule-state-fields', typeof s.deleted === 'boolean', `${s.schedule_id}: deleted is ${JSON.stringify(s.deleted)}, not a boolean`, undefined, 'fields-typed');
      t.soft('LQ-3-schedule-state-fields', s.executed_timestamp === null || (typeof s.executed_timestamp === 'string' && TIMESTAMP.test(s.executed_timestamp)),
        `${s.schedule_id}: executed_timestamp is ${JSON.stringify(s.executed_timestamp)}, neither null nor a timestamp`, undefined, 'fields-typed');
    }
    const executed = schedules.filter((s) => s.executed_timestamp !== null).length;
    const deleted = schedules.filter((s) => s.deleted === true).length;
    t.note(`${schedules.length} schedules: ${executed} executed, ${deleted} deleted, ${schedules.length - executed - deleted} neither`);
  });

  ruleTest('an executed schedule was executed at or after its creation', ['LQ-3-schedule-executed-after-creation', SCHEDULE_LIST.envelope], async (t) => {
    const executed = (await firstSchedules(t)).filter((s) => typeof s.executed_timestamp === 'string' && TIMESTAMP.test(s.executed_timestamp));
    if (executed.length === 0) t.skip('no executed schedule on the first pages of the list', { mayLack: true });
    for (const s of executed) {
      t.soft('LQ-3-schedule-executed-after-creation', !TIMESTAMP.test(s.consensus_timestamp) || compareDecimalText(s.executed_timestamp!, s.consensus_timestamp) >= 0,
        `${s.schedule_id}: executed at ${s.executed_timestamp}, before its creation at ${s.consensus_timestamp}`);
    }
  });

  ruleTest('a deleted schedule has no executed_timestamp', ['LQ-3-schedule-deleted-not-executed', SCHEDULE_LIST.envelope], async (t) => {
    const deleted = (await firstSchedules(t)).filter((s) => s.deleted === true);
    if (deleted.length === 0) t.skip('no deleted schedule on the first pages of the list', { mayLack: true });
    for (const s of deleted) {
      t.soft('LQ-3-schedule-deleted-not-executed', s.executed_timestamp === null, `${s.schedule_id} is deleted but has executed_timestamp ${s.executed_timestamp}`);
    }
  });

  ruleTest('lists each schedule a successful SCHEDULECREATE created, executed or not', ['LQ-4.1-lists-executed-and-pending', 'LQ-3-schedule-state-fields', SCHEDULE_LIST.envelope, 'LQ-4.2-transactions-envelope'], async (t) => {
    const created = (await discoverTransactionsOfType(t, ['SCHEDULECREATE'], { where: (tx) => isSuccessfulResult(tx.result) && typeof tx.entity_id === 'string' })).slice(0, 20);
    const found = { executed: 0, deleted: 0, pending: 0 };
    await forEachCase(t, created, async (tx) => {
      const id = tx.entity_id as string;
      const { exchange, items } = await listPage(t, SCHEDULE_LIST, [['schedule.id', id]], 'LQ-4.1-lists-executed-and-pending');
      const schedule = items.find((s) => s.schedule_id === id);
      // A found schedule shows the clause of its state; a missing one breaks the rule, whatever its state.
      const state = schedule === undefined ? undefined : schedule.deleted ? 'deleted' : schedule.executed_timestamp !== null ? 'executed' : 'pending';
      t.soft('LQ-4.1-lists-executed-and-pending', schedule !== undefined, `schedule ${id}, created at ${String(tx.consensus_timestamp)}, is not in the schedule list`, exchange,
        state === 'executed' || state === 'pending' ? `${state}-listed` : undefined);
      if (state === undefined) return;
      found[state] += 1;
      t.soft('LQ-3-schedule-state-fields', true, `schedule ${id} (${state}) is listed`, exchange, `${state}-listed`);
    });
    t.note(`schedules found: ${found.executed} executed, ${found.deleted} deleted, ${found.pending} not executed`);
    const lookedUp = `among the ${created.length} schedule(s) created by SCHEDULECREATE and looked up`;
    const none = { executed: `no executed schedule ${lookedUp}`, deleted: `no deleted schedule ${lookedUp}`, pending: `no not-yet-executed schedule ${lookedUp}` };
    for (const state of ['executed', 'pending'] as const) if (found[state] === 0) t.notEvaluated('LQ-4.1-lists-executed-and-pending', none[state], { mayLack: true });
    for (const state of ['executed', 'deleted', 'pending'] as const) if (found[state] === 0) t.notEvaluated('LQ-3-schedule-state-fields', none[state], { mayLack: true });
  });

  ruleTest('without limit a page holds the first 25 schedules', ['LQ-4.1-limit-default', SCHEDULE_LIST.envelope], async (t) => {
    const full = await listPage(t, SCHEDULE_LIST, [['order', 'asc'], ['limit', '100']]);
    if (full.items.length === 0) t.skip('the target lists no schedules: no page size to observe');
    const page = await listPage(t, SCHEDULE_LIST, [['order', 'asc']], 'LQ-4.1-limit-default');
    // Only a list longer than 25 can show a page past the default size.
    if (full.items.length > 25) expectPageSize(t, 'LQ-4.1-limit-default', page.items.length, 25, page.exchange, 'at-most-25');
    else t.notEvaluated('LQ-4.1-limit-default', `the list holds ${full.items.length} schedules, not more than 25: a page past the default size could not show`, { mayLack: true });
    const expected = ids(full.items).slice(0, 25);
    t.soft('LQ-4.1-limit-default', ids(page.items).join() === expected.join(),
      `without limit the page holds ${page.items.length} schedules (${ids(page.items).slice(0, 3).join(', ')}...), expected the first ${expected.length} of the list`, page.exchange, 'first-25');
  });

  ruleTest('limit=N (1..100) returns the first N schedules', ['LQ-4.1-limit-range', SCHEDULE_LIST.envelope], async (t) => {
    await expectLimitTakesFirst(t, SCHEDULE_LIST, 'LQ-4.1-limit-range');
  });

  ruleTest('order=desc lists a slice of schedules in the reverse of order=asc', ['LQ-4.1-order-enum', SCHEDULE_LIST.envelope], async (t) => {
    const first = await firstSchedules(t);
    const bound = first[Math.min(first.length, 60) - 1]!.schedule_id;
    const asc = await listPage(t, SCHEDULE_LIST, [['schedule.id', `lte:${bound}`], ['order', 'asc'], ['limit', '100']], 'LQ-4.1-order-enum');
    const desc = await listPage(t, SCHEDULE_LIST, [['schedule.id', `lte:${bound}`], ['order', 'desc'], ['limit', '100']], 'LQ-4.1-order-enum');
    expectRule('LQ-4.1-order-enum', asc.items.length > 0, `schedule.id=lte:${bound} returned no schedules in ascending order`, asc.exchange);
    t.soft('LQ-4.1-order-enum', ids(desc.items).join() === ids(asc.items).reverse().join(),
      `order=desc gives ${ids(desc.items).slice(0, 3).join(', ')}..., not the reverse of order=asc (${ids(asc.items).slice(-3).reverse().join(', ')}...)`, desc.exchange, asc.items.length >= 2 ? 'sorts' : undefined);
  });

  ruleTest('without order the list is ascending: the same page as order=asc', ['LQ-4.1-order-default-asc', SCHEDULE_LIST.envelope], async (t) => {
    const asc = await listPage(t, SCHEDULE_LIST, [['order', 'asc'], ['limit', '100']], 'LQ-4.1-order-default-asc');
    const plain = await listPage(t, SCHEDULE_LIST, [['limit', '100']], 'LQ-4.1-order-default-asc');
    if (asc.items.length < 2) t.skip(`the target lists ${asc.items.length} schedule(s): no order to observe`);
    t.soft('LQ-4.1-order-default-asc', ids(plain.items).join() === ids(asc.items).join(),
      `without order the list starts ${ids(plain.items).slice(0, 3).join(', ')}, with order=asc ${ids(asc.items).slice(0, 3).join(', ')}`, plain.exchange, 'same-as-asc');
    expectSortedBy(t, 'LQ-4.1-order-default-asc', plain.items, 'asc', SCHEDULE_LIST.sortKey, plain.exchange, 'ascending');
  });

  ruleTest('schedules are sorted by schedule_id, compared numerically', ['LQ-4.1-sort-key-schedule-id', SCHEDULE_LIST.envelope], async (t) => {
    const asc = await listPage(t, SCHEDULE_LIST, [['order', 'asc'], ['limit', '100']]);
    const desc = await listPage(t, SCHEDULE_LIST, [['order', 'desc'], ['limit', '100']]);
    if (asc.items.length < 2) t.skip(`the target lists ${asc.items.length} schedule(s): no order to observe`);
    expectSortedBy(t, 'LQ-4.1-sort-key-schedule-id', asc.items, 'asc', SCHEDULE_LIST.sortKey, asc.exchange);
    expectSortedBy(t, 'LQ-4.1-sort-key-schedule-id', desc.items, 'desc', SCHEDULE_LIST.sortKey, desc.exchange);
  });
});
