// The account endpoints of contract 4.6: listing, lookup by ID, alias or EVM address (with the
// account's recent transactions), allowances, staking rewards, airdrops and owned NFTs.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { readQuery, limitRule, orderRule, booleanRule, enumRule, type ParamRule, type Filter } from './query-params.ts';
import { entityFilterRule, integerFilterRule, publicKeyRule, timestampFilterRule, type EntityFilter } from './filters.ts';
import { SqlConditions } from './sql-conditions.ts';
import { formatEntityId } from './entity-id.ts';
import { formatTimestamp } from './ledger-timestamp.ts';
import { latestConsensusNs } from './ledger-end.ts';
import { int, keyJson } from './wire-format.ts';
import { linkHeader } from './pagination.ts';
import { keyedPage } from './keyed-page.ts';
import { nftJson, type NftRow } from './nft-items.ts';
import { CACHE_SECONDS, sendJson } from './json-reply.ts';
import { requireAccountNum } from './account-lookup.ts';
import { transactionConditions, transactionPage } from './transactions.ts';
import { transactionItems } from './transaction-items.ts';
import { TRANSACTION_TYPES } from '../../fixtures/ledger/transaction-types.ts';
import type { JsonValue } from './json-body.ts';
import { rowsBy } from './rows-by.ts';

interface AccountRow {
  num: bigint; alias: string | null; evm_address: string; key: unknown; created_ns: bigint; expiry_ns: bigint | null; auto_renew_period: bigint;
  memo: string; deleted: boolean; decline_reward: boolean; staked_node_id: number | null; staked_account_num: bigint | null;
  stake_period_start_ns: bigint | null; max_automatic_token_associations: number; receiver_sig_required: boolean; ethereum_nonce: bigint;
  balance: bigint; pending_reward: bigint;
}

async function accountItems(db: PGlite, rows: AccountRow[], withBalance: boolean): Promise<Array<{ [key: string]: JsonValue }>> {
  if (!rows.length) return [];
  const timestamp = formatTimestamp(await latestConsensusNs(db));
  const { rows: tokens } = await db.query<{ account_num: bigint; token_num: bigint; balance: string }>(
    `SELECT account_num, token_num, balance FROM token_balance WHERE account_num IN (${rows.map((r) => r.num).join(',')}) ORDER BY token_num`);
  const tokensOf = rowsBy(tokens, (t) => t.account_num);
  return rows.map((a) => ({
    account: formatEntityId(a.num),
    alias: a.alias,
    auto_renew_period: int(a.auto_renew_period),
    balance: withBalance
      ? {
          balance: int(a.balance), timestamp,
          tokens: (tokensOf.get(a.num) ?? []).slice(0, 50).map((t) => ({ token_id: formatEntityId(t.token_num), balance: int(t.balance) })),
        }
      : null,
    created_timestamp: formatTimestamp(a.created_ns),
    decline_reward: a.decline_reward,
    deleted: a.deleted,
    ethereum_nonce: int(a.ethereum_nonce),
    evm_address: a.evm_address,
    expiry_timestamp: formatTimestamp(a.expiry_ns),
    key: keyJson(a.key),
    max_automatic_token_associations: a.max_automatic_token_associations,
    memo: a.memo,
    pending_reward: int(a.pending_reward),
    receiver_sig_required: a.receiver_sig_required,
    staked_account_id: formatEntityId(a.staked_account_num),
    staked_node_id: a.staked_node_id,
    stake_period_start: formatTimestamp(a.stake_period_start_ns),
  }));
}

const LIST_RULES: ParamRule[] = [
  entityFilterRule('account.id'), integerFilterRule('account.balance'),
  publicKeyRule('account.publickey'), booleanRule('balance'), limitRule(), orderRule,
];

const DETAIL_RULES: ParamRule[] = [
  limitRule(), orderRule, timestampFilterRule(), enumRule('transactiontype', TRANSACTION_TYPES, { single: false }), booleanRule('transactions'),
];

export function registerAccountRoutes(app: FastifyInstance, db: PGlite): void {
  app.get('/api/v1/accounts', async (request, reply) => {
    const query = readQuery(request.url, LIST_RULES);
    const where = new SqlConditions();
    where.filter('balance', query.all<Filter<string>>('account.balance'), 'or', '::numeric');
    const publicKey = query.first<string>('account.publickey');
    if (publicKey) where.add(`public_key = ${where.param(publicKey)}`);
    const { items, next } = await keyedPage<AccountRow>(db, '/api/v1/accounts', query,
      { from: 'account', where, keys: [{ param: 'account.id', column: 'num', cast: '::numeric' }], defaultOrder: 'asc' }, (r) => [formatEntityId(r.num)]);
    linkHeader(reply, next);
    return sendJson(reply, { accounts: await accountItems(db, items, query.first<boolean>('balance') ?? true), links: { next } }, CACHE_SECONDS.cachedList);
  });

  app.get<{ Params: { id: string } }>('/api/v1/accounts/:id', async (request, reply) => {
    const query = readQuery(request.url, DETAIL_RULES);
    const num = await requireAccountNum(db, request.params.id);
    const { rows } = await db.query<AccountRow>('SELECT * FROM account WHERE num = $1', [num]);
    const [account] = await accountItems(db, rows, true);
    if (query.first<boolean>('transactions') === false) return sendJson(reply, { ...account!, transactions: [], links: { next: null } });
    const where = new SqlConditions();
    transactionConditions(where, { accounts: [{ op: 'eq', value: num.toString() }], types: query.all<string>('transactiontype') });
    const { items, next } = await transactionPage(db, `/api/v1/accounts/${request.params.id}`, query, where);
    linkHeader(reply, next);
    return sendJson(reply, { ...account!, transactions: await transactionItems(db, items), links: { next } });
  });

  app.get<{ Params: { id: string } }>('/api/v1/accounts/:id/allowances/crypto', async (request, reply) => {
    const query = readQuery(request.url, [entityFilterRule('spender.id'), limitRule(), orderRule]);
    const owner = await requireAccountNum(db, request.params.id);
    const where = new SqlConditions();
    where.add(`owner_num = ${where.param(owner)}`);
    const { items, next } = await keyedPage<{ owner_num: bigint; spender_num: bigint; amount: bigint; amount_granted: bigint; timestamp_ns: bigint }>(
      db, `/api/v1/accounts/${request.params.id}/allowances/crypto`, query,
      { from: 'crypto_allowance', where, keys: [{ param: 'spender.id', column: 'spender_num', cast: '::numeric' }], defaultOrder: 'asc' },
      (r) => [formatEntityId(r.spender_num)]);
    linkHeader(reply, next);
    return sendJson(reply, {
      allowances: items.map((a) => ({ amount: int(a.amount), amount_granted: int(a.amount_granted), owner: formatEntityId(a.owner_num), spender: formatEntityId(a.spender_num), timestamp: { from: formatTimestamp(a.timestamp_ns), to: null } })),
      links: { next },
    });
  });

  app.get<{ Params: { id: string } }>('/api/v1/accounts/:id/allowances/tokens', async (request, reply) => {
    const query = readQuery(request.url, [entityFilterRule('spender.id'), entityFilterRule('token.id'), limitRule(), orderRule]);
    const owner = await requireAccountNum(db, request.params.id);
    const where = new SqlConditions();
    where.add(`owner_num = ${where.param(owner)}`);
    const { items, next } = await keyedPage<{ owner_num: bigint; spender_num: bigint; token_num: bigint; amount: bigint; amount_granted: bigint; timestamp_ns: bigint }>(
      db, `/api/v1/accounts/${request.params.id}/allowances/tokens`, query,
      { from: 'token_allowance', where, keys: [{ param: 'spender.id', column: 'spender_num', cast: '::numeric' }, { param: 'token.id', column: 'token_num', cast: '::numeric' }], defaultOrder: 'asc' },
      (r) => [formatEntityId(r.spender_num), formatEntityId(r.token_num)]);
    linkHeader(reply, next);
    return sendJson(reply, {
      allowances: items.map((a) => ({ amount: int(a.amount), amount_granted: int(a.amount_granted), owner: formatEntityId(a.owner_num), spender: formatEntityId(a.spender_num), timestamp: { from: formatTimestamp(a.timestamp_ns), to: null }, token_id: formatEntityId(a.token_num) })),
      links: { next },
    });
  });

  app.get<{ Params: { id: string } }>('/api/v1/accounts/:id/allowances/nfts', async (request, reply) => {
    const query = readQuery(request.url, [entityFilterRule('account.id'), booleanRule('owner'), entityFilterRule('token.id'), limitRule(), orderRule]);
    const account = await requireAccountNum(db, request.params.id);
    // owner=true (default): allowances the account granted, keyed by spender; false: granted to it, keyed by owner.
    const asOwner = query.first<boolean>('owner') ?? true;
    const where = new SqlConditions();
    where.add(`${asOwner ? 'owner_num' : 'spender_num'} = ${where.param(account)}`).add('approved_for_all');
    const other = asOwner ? 'spender_num' : 'owner_num';
    const { items, next } = await keyedPage<{ owner_num: bigint; spender_num: bigint; token_num: bigint; approved_for_all: boolean; timestamp_ns: bigint }>(
      db, `/api/v1/accounts/${request.params.id}/allowances/nfts`, query,
      { from: 'nft_allowance', where, keys: [{ param: 'account.id', column: other, cast: '::numeric' }, { param: 'token.id', column: 'token_num', cast: '::numeric' }], defaultOrder: 'asc' },
      (r) => [formatEntityId(asOwner ? r.spender_num : r.owner_num), formatEntityId(r.token_num)]);
    linkHeader(reply, next);
    return sendJson(reply, {
      allowances: items.map((a) => ({ approved_for_all: a.approved_for_all, owner: formatEntityId(a.owner_num), spender: formatEntityId(a.spender_num), timestamp: { from: formatTimestamp(a.timestamp_ns), to: null }, token_id: formatEntityId(a.token_num) })),
      links: { next },
    });
  });

  app.get<{ Params: { id: string } }>('/api/v1/accounts/:id/rewards', async (request, reply) => {
    const query = readQuery(request.url, [timestampFilterRule(), limitRule(), orderRule]);
    const account = await requireAccountNum(db, request.params.id);
    const where = new SqlConditions();
    where.add(`account_num = ${where.param(account)}`);
    const { items, next } = await keyedPage<{ consensus_ns: bigint; account_num: bigint; amount: bigint }>(
      db, `/api/v1/accounts/${request.params.id}/rewards`, query,
      { from: 'staking_reward_transfer', where, keys: [{ param: 'timestamp', column: 'consensus_ns', cast: '::numeric' }], defaultOrder: 'desc' },
      (r) => [formatTimestamp(r.consensus_ns)]);
    linkHeader(reply, next);
    return sendJson(reply, { rewards: items.map((r) => ({ account_id: formatEntityId(r.account_num), amount: int(r.amount), timestamp: formatTimestamp(r.consensus_ns) })), links: { next } });
  });

  for (const direction of ['outstanding', 'pending'] as const) {
    // Outstanding: airdrops the account sent that wait for a claim; pending: airdrops waiting for the account.
    const self = direction === 'outstanding' ? 'sender_num' : 'receiver_num';
    const otherParam = direction === 'outstanding' ? 'receiver.id' : 'sender.id';
    const otherColumn = direction === 'outstanding' ? 'receiver_num' : 'sender_num';
    app.get<{ Params: { id: string } }>(`/api/v1/accounts/:id/airdrops/${direction}`, async (request, reply) => {
      const query = readQuery(request.url, [entityFilterRule(otherParam), entityFilterRule('token.id'), integerFilterRule('serialnumber'), limitRule(), orderRule]);
      const account = await requireAccountNum(db, request.params.id);
      const where = new SqlConditions();
      where.add(`${self} = ${where.param(account)}`).add(`state = 'PENDING'`);
      where.filter('serial', query.all<Filter<string>>('serialnumber'), 'or', '::numeric');
      const { items, next } = await keyedPage<{ sender_num: bigint; receiver_num: bigint; token_num: bigint; serial: bigint; amount: bigint | null; timestamp_ns: bigint }>(
        db, `/api/v1/accounts/${request.params.id}/airdrops/${direction}`, query,
        { from: 'token_airdrop', where, keys: [{ param: otherParam, column: otherColumn, cast: '::numeric' }, { param: 'token.id', column: 'token_num', cast: '::numeric' }], defaultOrder: 'asc' },
        (r) => [formatEntityId(direction === 'outstanding' ? r.receiver_num : r.sender_num), formatEntityId(r.token_num)]);
      linkHeader(reply, next);
      return sendJson(reply, {
        airdrops: items.map((a) => ({
          amount: int(a.amount), receiver_id: formatEntityId(a.receiver_num), sender_id: formatEntityId(a.sender_num),
          serial_number: Number(a.serial) === 0 ? null : int(a.serial), timestamp: { from: formatTimestamp(a.timestamp_ns), to: null }, token_id: formatEntityId(a.token_num),
        })),
        links: { next },
      });
    });
  }

  app.get<{ Params: { id: string } }>('/api/v1/accounts/:id/nfts', async (request, reply) => {
    const query = readQuery(request.url, [entityFilterRule('token.id'), integerFilterRule('serialnumber'), entityFilterRule('spender.id'), limitRule(), orderRule]);
    const account = await requireAccountNum(db, request.params.id);
    const where = new SqlConditions();
    where.add(`owner_num = ${where.param(account)}`).add('NOT deleted');
    where.filter('spender_num', query.all<EntityFilter>('spender.id'), 'or', '::numeric');
    const { items, next } = await keyedPage<NftRow>(db, `/api/v1/accounts/${request.params.id}/nfts`, query,
      { from: 'nft', where, keys: [{ param: 'token.id', column: 'token_num', cast: '::numeric' }, { param: 'serialnumber', column: 'serial', cast: '::numeric' }], defaultOrder: 'desc' },
      (r) => [formatEntityId(r.token_num), String(r.serial)]);
    linkHeader(reply, next);
    return sendJson(reply, { nfts: items.map(nftJson), links: { next } });
  });
}

