import fc from 'fast-check';
import { describe } from 'vitest';
import { expectQueryErrorBody } from '../../src/checks/query-error-body.ts';
import { expectMatchesResponseSchema } from '../../src/checks/response-schema.ts';
import { labelledJson } from '../../src/checks/json-media-type.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { answerSummary } from '../../src/checks/same-answer.ts';
import { discover } from '../../src/discovery/discover.ts';
import { fillPath, LOOKUP_CASES, type LookupCase } from '../../src/discovery/lookup-cases.ts';
import { pathWithItems } from '../../src/discovery/path-with-items.ts';
import { answersAsUnknownRoute, routeNotServed } from '../../src/discovery/route-served.ts';
import { forEachCase } from '../../src/harness/cases-at-once.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { responseJson, type Exchange } from '../../src/http/exchange.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { listKeyOf, listOperations, type OperationRef } from '../../specs/operations.ts';
import { walkPages } from '../../src/walkers/walk-pages.ts';
import { stringMatchingArbitrary } from '../../generators/schema/string-matching.ts';

/** The GET operations of the 4.6 table: all but the lists of 4.1 and 4.2 and the topic lookup of 4.5. */
const OTHER_SECTIONS = new Set(['listSchedules', 'listTransactions', 'getTopic']);
const operations = listOperations(await loadSpec('ledger-query')).filter((op) => op.method === 'get' && !OTHER_SECTIONS.has(op.operationId));

const pathParams = (op: OperationRef) => op.parameters.filter((p) => p.in === 'path').map((p) => p.name);

/** The lookups that show LQ-1-list-entity-retrievable (a cached list's entity found by ID), each with the clause of its kind of list. */
const RETRIEVABLE_FROM_CACHED_LIST = new Map([['getAccount', 'accounts'], ['getContract', 'contracts'], ['getSchedule', 'schedules'], ['getToken', 'tokens']]);

/**
 * Where to look for a non-empty instance of a templated list: per-account lists are empty for many
 * accounts, so up to 25 listed accounts are tried; other lists use their lookup case.
 */
async function pagingCandidates(t: Check, op: OperationRef): Promise<Array<Record<string, string>>> {
  if (!op.path.includes('{idOrAliasOrEvmAddress}')) return (await lookupCases(t, op)).map((c) => c.params);
  const accounts = await discover<{ account?: unknown }>(t, 'accounts', '/api/v1/accounts', 'accounts', { query: [['limit', '25']], where: (a) => typeof a.account === 'string' });
  return accounts.map((a) => ({ idOrAliasOrEvmAddress: a.account as string }));
}

function lookupCases(t: Check, op: OperationRef): Promise<LookupCase[]> {
  const source = LOOKUP_CASES[op.operationId];
  if (!source) throw new Error(`no way to discover IDs for ${op.operationId} (${op.path}): add it to LOOKUP_CASES`);
  return source(t);
}

/** 200, a JSON body, the list under its key, and the document's schema for the answer. */
async function expectAnswered(t: Check, op: OperationRef, exchange: Exchange, rule: string, what: string): Promise<unknown> {
  expectRule(rule, exchange.status === 200, `${what}: expected 200, got ${answerSummary(exchange)}`, exchange);
  const body = responseJson(exchange);
  expectRule('LQ-1-json-responses', body !== undefined && typeof body === 'object', `${what}: the answer is not a JSON object`, exchange);
  expectRule('LQ-1-json-responses', labelledJson(exchange), `${what}: the JSON answer is labelled Content-Type ${JSON.stringify(exchange.responseHeaders['content-type'] ?? null)}`, exchange);
  const listKey = listKeyOf(op);
  if (listKey) expectRule(rule, Array.isArray((body as Record<string, unknown>)[listKey]), `${what}: no "${listKey}" list in the answer`, exchange);
  await expectMatchesResponseSchema(t, exchange, 'ledger-query', op.operationId, rule);
  return body;
}

/** Text that is no ID, alias, address, hash, number or timestamp in any form: it carries a character none of them has. */
const malformedSegment = fc.tuple(stringMatchingArbitrary(/^[0-9a-fA-F.x]{1,12}$/), fc.constantFrom('!', '~', '*', "'", '(', ')', '$', ',', ';', '@'), stringMatchingArbitrary(/^[0-9a-z.]{0,6}$/))
  .map(([head, odd, tail]) => `${head}${odd}${tail}`);

/** A well-formed entity ID above any number a ledger has handed out so far. */
const unknownEntityId = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }).map((n) => `0.0.${n}`);
const hexBytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map((b) => `0x${Buffer.from(b).toString('hex')}`);

/** For the lookups of one entity: path parameters that are well-formed but name nothing. */
const UNKNOWN_IDS: Record<string, fc.Arbitrary<Record<string, string>>> = {
  getSchedule: unknownEntityId.map((id) => ({ id })),
  getTransaction: fc.tuple(unknownEntityId, fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), fc.integer({ min: 0, max: 999_999_999 }))
    .map(([payer, s, n]) => ({ id: `${payer}-${s}-${String(n).padStart(9, '0')}` })),
  getAccount: unknownEntityId.map((id) => ({ idOrAliasOrEvmAddress: id })),
  getContract: unknownEntityId.map((id) => ({ contractIdOrAddress: id })),
  getToken: unknownEntityId.map((id) => ({ id })),
  getNft: fc.integer({ min: 1_000_000_000_000, max: 9_000_000_000_000_000 }).map((n) => ({ serialNumber: String(n) })),
  getBlock: fc.oneof(fc.integer({ min: 1_000_000_000_000, max: 9_000_000_000_000_000 }).map(String), hexBytes(48)).map((v) => ({ hash_or_number: v })),
  getContractResult: hexBytes(32).map((hash) => ({ transactionIdOrHashOrTimestamp: hash })),
};

for (const op of operations) {
  describe.concurrent(op.path, () => {
    const templated = pathParams(op).length > 0;
    const listKey = listKeyOf(op);

    if (!templated) {
      ruleTest('answers GET with 200 and JSON', ['LQ-4.6-endpoints-answer', 'LQ-1-json-responses'], async (t) => {
        const exchange = await t.get(op.path);
        // An endpoint that exists can have nothing to show yet (no stake record on a young network):
        // its own 404 is no answer to judge; only the 404 of a route it does not serve breaks the rule.
        if (exchange.status === 404 && !(await answersAsUnknownRoute(t, exchange))) {
          for (const rule of ['LQ-4.6-endpoints-answer', 'LQ-1-json-responses']) t.notEvaluated(rule, `GET ${op.path} answered 404 from a route the target serves (not the answer of a path that does not exist): it has nothing to show yet`);
          return;
        }
        await expectAnswered(t, op, exchange, 'LQ-4.6-endpoints-answer', `GET ${op.path}`);
      });
    } else {
      const rules = ['LQ-4.6-lookup-by-discovered-id', 'LQ-4.6-endpoints-answer', 'LQ-1-json-responses',
        ...(RETRIEVABLE_FROM_CACHED_LIST.has(op.operationId) ? ['LQ-1-list-entity-retrievable'] : [])];
      ruleTest('answers GET with 200 and JSON for IDs taken from the target\'s lists', rules, async (t) => {
        for (const c of await lookupCases(t, op)) {
          const path = fillPath(op.path, c.params);
          const body = await expectAnswered(t, op, await t.get(path), 'LQ-4.6-lookup-by-discovered-id', `${c.form}: GET ${path}`) as Record<string, unknown>;
          if (c.identity) {
            // Each kind of cached list is a clause of its own: the rule passes only where each was looked up.
            const kind = RETRIEVABLE_FROM_CACHED_LIST.get(op.operationId);
            const rule = kind ? 'LQ-1-list-entity-retrievable' : 'LQ-4.6-lookup-by-discovered-id';
            expectRule(rule, body[c.identity.field] === c.identity.value, `${c.form}: the lookup answered ${c.identity.field}=${JSON.stringify(body[c.identity.field])}`, undefined, kind);
          }
        }
      });

      ruleTest('answers a malformed path ID with 400 and the error body', ['LQ-4.6-malformed-id-400'], async (t) => {
        const names = pathParams(op);
        // Parameters other than the broken one need real values, so a path with several gets them from the lists.
        const others = names.length > 1 ? (await lookupCases(t, op))[0]!.params : {};
        let served: boolean | undefined;
        await checkProperty(t, fc.tuple(fc.constantFrom(...names), malformedSegment), async ([name, bad]) => {
          const path = fillPath(op.path, { ...others, [name]: bad });
          const exchange = await t.get(path);
          // A 404 from a path the target does not serve rejects nothing: asked once, with an ID from its lists.
          if (exchange.status === 404 && !(served ??= !(await routeNotServed(t, fillPath(op.path, (await lookupCases(t, op))[0]!.params))))) {
            t.notEvaluated('LQ-4.6-malformed-id-400', `${op.path} is not served by the target (404 for an ID from its own lists)`);
            return;
          }
          await expectQueryErrorBody(t, exchange, { status: 400, statusRule: 'LQ-4.6-malformed-id-400' });
        }, { runs: Math.max(2, Math.ceil(t.config.depth / 4)) });
      });
    }

    const unknown = UNKNOWN_IDS[op.operationId];
    if (unknown) {
      ruleTest('answers a well-formed unknown ID with 404 and the error body', ['LQ-4.6-unknown-id-404'], async (t) => {
        await checkProperty(t, unknown, async (params) => {
          await expectQueryErrorBody(t, await t.get(fillPath(op.path, params)), { status: 404, statusRule: 'LQ-4.6-unknown-id-404' });
        }, { runs: Math.max(2, Math.ceil(t.config.depth / 4)) });
      });
    }

    if (listKey) {
      ruleTest('pages through its list with links.next under /api/v1, no item twice', ['LQ-4.6-list-pagination', 'LQ-9-path-prefix'], async (t) => {
        const path = templated ? await pathWithItems(t, op.path, listKey, await pagingCandidates(t, op)) : op.path;
        if (!templated && (await routeNotServed(t, path))) {
          t.notEvaluated('LQ-4.6-list-pagination', `${path} is not served by the target: no list to page through`);
          t.skip(`${path} answers 404: the target does not serve it (judged by LQ-4.6-endpoints-answer)`);
        }
        const limit = 2;
        const walk = await walkPages(t, path, { listKey, query: [['limit', String(limit)]], pageCap: 3, rule: 'LQ-4.6-list-pagination' });
        const first = responseJson(walk.pages[0]!.exchange) as Record<string, unknown>;
        if (!('links' in first)) t.skip(`${path} carries no links: nothing to paginate`);
        const seen = new Set<string>();
        for (const page of walk.pages) {
          t.soft('LQ-4.6-list-pagination', page.items.length <= limit, `a page of limit ${limit} holds ${page.items.length} items`, page.exchange);
          if (page.next !== null) t.soft('LQ-9-path-prefix', page.next.startsWith('/api/v1/'), `links.next ${page.next} is not a path under /api/v1`, page.exchange);
          for (const item of page.items) {
            const key = JSON.stringify(item);
            t.soft('LQ-4.6-list-pagination', !seen.has(key), `an item appears on two pages: ${key.slice(0, 200)}`, page.exchange);
            seen.add(key);
          }
        }
        if (walk.items.length === 0) t.skip(`${path} is empty on this target: no item to page through`);
      });
    }
  });
}

describe.concurrent('/api/v1/schedules/{id}', () => {
  ruleTest('returns the listed schedule, in the shape of section 2.2', ['LQ-4.6-schedule-lookup'], async (t) => {
    const schedules = await discover<{ schedule_id?: unknown }>(t, 'schedules', '/api/v1/schedules', 'schedules', { query: [['limit', '5']], where: (s) => typeof s.schedule_id === 'string' });
    await forEachCase(t, schedules, async (s) => {
      const exchange = await t.get(`/api/v1/schedules/${String(s.schedule_id)}`);
      expectRule('LQ-4.6-schedule-lookup', exchange.status === 200, `schedule ${String(s.schedule_id)}: ${answerSummary(exchange)}`, exchange);
      const body = await expectMatchesResponseSchema(t, exchange, 'ledger-query', 'getSchedule', 'LQ-4.6-schedule-lookup') as { schedule_id?: unknown };
      expectRule('LQ-4.6-schedule-lookup', body.schedule_id === s.schedule_id, `asked for ${String(s.schedule_id)}, got schedule_id ${JSON.stringify(body.schedule_id)}`, exchange);
    });
  });
});

describe.concurrent('/api/v1/transactions/{id}', () => {
  ruleTest('returns every entry carrying the transaction ID, as the list shows them', ['LQ-4.6-transaction-lookup-all-entries'], async (t) => {
    const walk = await walkPages<Record<string, unknown>>(t, '/api/v1/transactions', { listKey: 'transactions', query: [['limit', '100']], pageCap: 2, rule: 'LQ-4.2-transactions-envelope' });
    const byId = new Map<string, Array<Record<string, unknown>>>();
    for (const tx of walk.items) {
      if (typeof tx.transaction_id === 'string') byId.set(tx.transaction_id, [...(byId.get(tx.transaction_id) ?? []), tx]);
    }
    if (byId.size === 0) t.skip('the transaction list is empty on this target');
    // IDs with the most entries (duplicates, children) first: they show whether every entry comes back.
    const chosen = [...byId.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 3);
    await forEachCase(t, chosen, async ([id, listed]) => {
      const exchange = await t.get(`/api/v1/transactions/${encodeURIComponent(id)}`);
      expectRule('LQ-4.6-transaction-lookup-all-entries', exchange.status === 200, `transaction ${id}: ${answerSummary(exchange)}`, exchange);
      const entries = (responseJson(exchange) as { transactions?: Array<Record<string, unknown>> } | undefined)?.transactions;
      expectRule('LQ-4.6-transaction-lookup-all-entries', Array.isArray(entries) && entries.length > 0, `transaction ${id}: no entries in the answer`, exchange);
      const foreign = entries.filter((e) => e.transaction_id !== id);
      expectRule('LQ-4.6-transaction-lookup-all-entries', foreign.length === 0, `transaction ${id}: ${foreign.length} entries carry another ID (${String(foreign[0]?.transaction_id)})`, exchange, 'returns-transaction');
      const returned = new Set(entries.map((e) => e.consensus_timestamp));
      const missing = listed.filter((e) => !returned.has(e.consensus_timestamp));
      // Only an ID listed with several entries shows whether every one comes back.
      expectRule('LQ-4.6-transaction-lookup-all-entries', missing.length === 0,
        `transaction ${id}: the list shows ${listed.length} entries, the lookup lacks those at ${missing.map((e) => String(e.consensus_timestamp)).join(', ')}`, exchange, listed.length > 1 ? 'every-entry' : undefined);
    });
    if (chosen[0]![1].length === 1) {
      t.notEvaluated('LQ-4.6-transaction-lookup-all-entries', `no transaction ID appears on more than one entry among the ${walk.items.length} listed: a lookup returning one entry only could not be told apart`, { mayLack: true });
    }
  });
});

describe.concurrent('/api/v1/accounts/{idOrAliasOrEvmAddress}', () => {
  ruleTest('finds an account by its ID, its alias and its EVM address (also without 0x), all the same account', ['LQ-4.6-account-lookup-forms', 'LQ-4.6-account-evm-address-without-0x'], async (t) => {
    const accounts = await discover<Record<string, unknown>>(t, 'accounts with an EVM address', '/api/v1/accounts', 'accounts', {
      where: (a) => typeof a.account === 'string' && typeof a.evm_address === 'string',
    });
    // An account with an alias is preferred; without one, the ID and EVM address forms are still judged.
    const hasAlias = (a: Record<string, unknown>) => typeof a.alias === 'string' && a.alias.length > 0;
    const account = accounts.find(hasAlias) ?? accounts[0]!;
    const id = account.account as string;
    const address = account.evm_address as string;
    // The contract names the forms; the EVM address without 0x is the service's own reading (observed).
    const forms: Array<[string, string, string, string?]> = [['ID', id, 'LQ-4.6-account-lookup-forms', 'by-id'], ['EVM address', address, 'LQ-4.6-account-lookup-forms', 'by-evm-address'],
      ['EVM address without 0x', address.replace(/^0x/, ''), 'LQ-4.6-account-evm-address-without-0x']];
    if (hasAlias(account)) forms.push(['alias', account.alias as string, 'LQ-4.6-account-lookup-forms', 'by-alias']);
    else t.notEvaluated('LQ-4.6-account-lookup-forms', `none of the first ${accounts.length} accounts has an alias: the alias form could not be looked up`, { mayLack: true });
    await forEachCase(t, forms, async ([form, value, rule, clause]) => {
      const exchange = await t.get(`/api/v1/accounts/${encodeURIComponent(value)}`);
      const found = (responseJson(exchange) as { account?: unknown } | undefined)?.account;
      t.soft(rule, exchange.status === 200 && found === id, `account ${id} by ${form} ${value}: ${exchange.status === 200 ? `found account ${JSON.stringify(found)}` : answerSummary(exchange)}`, exchange, clause);
    });
  });
});

describe.concurrent('/api/v1/topics/{id}/messages', () => {
  ruleTest('answers 200 with an empty list for the messages of an unknown topic', ['LQ-4.6-topic-messages-unknown-empty'], async (t) => {
    await checkProperty(t, unknownEntityId, async (topic) => {
      const exchange = await t.get(`/api/v1/topics/${topic}/messages`);
      const messages = (responseJson(exchange) as { messages?: unknown } | undefined)?.messages;
      expectRule('LQ-4.6-topic-messages-unknown-empty', exchange.status === 200 && Array.isArray(messages) && messages.length === 0,
        `messages of unknown topic ${topic}: ${answerSummary(exchange)}`, exchange);
    }, { runs: Math.max(2, Math.ceil(t.config.depth / 4)) });
  });
});
