// The token endpoints of contract 4.6: token listing and detail, token balances, NFT listing and
// detail, and an NFT's transfer history. Both the contract's paths (/tokens/balances,
// /tokens/nfts, /tokens/nfts/{serialNumber}, /tokens/nfts/{id}/transactions) and the token-scoped
// forms (/tokens/{id}/balances, /tokens/{id}/nfts/...) are served. In the contract's forms without
// a token in the path, an NFT serial number is resolved within the token given by `token.id`, or
// else within the lowest-numbered token that has that serial.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { readQuery, limitRule, orderRule, enumRule, type ParamRule, type Filter, type ParsedQuery } from './query-params.ts';
import { entityFilterRule, integerFilterRule, publicKeyRule, timestampFilterRule, type EntityFilter } from './filters.ts';
import { SqlConditions } from './sql-conditions.ts';
import { entityOrderKey, formatEntityId, localNum, parsePathEntityId, parseQueryEntityId } from './entity-id.ts';
import { formatTimestamp } from './ledger-timestamp.ts';
import { latestConsensusNs } from './ledger-end.ts';
import { base64, int, keyJson } from './wire-format.ts';
import { linkHeader } from './pagination.ts';
import { keyedPage } from './keyed-page.ts';
import { CACHE_SECONDS, sendJson } from './json-reply.ts';
import { badRequest, notFound } from './query-error.ts';
import { nftJson, type NftRow } from './nft-items.ts';
import { transactionId } from './transaction-id.ts';
import type { JsonValue } from './json-body.ts';

interface TokenRow {
  num: bigint; name: string; symbol: string; type: string; decimals: number; initial_supply: string; total_supply: string; max_supply: string;
  supply_type: string; treasury_num: bigint; admin_key: unknown; kyc_key: unknown; freeze_key: unknown; wipe_key: unknown; supply_key: unknown;
  fee_schedule_key: unknown; pause_key: unknown; metadata_key: unknown; freeze_default: boolean; pause_status: string; memo: string;
  metadata: Uint8Array; created_ns: bigint; modified_ns: bigint; expiry_ns: bigint; auto_renew_num: bigint | null; auto_renew_period: bigint;
  deleted: boolean;
  custom_fees: {
    fixed: Array<{ amount: number; collectorNum: number; denominatingTokenNum: number | null }>;
    fractional: Array<{ numerator: number; denominator: number; minimum: number; maximum: number | null; netOfTransfers: boolean; collectorNum: number; allCollectorsAreExempt: boolean }>;
    royalty: Array<{ numerator: number; denominator: number; fallbackFee: { amount: number; denominatingTokenNum: number | null } | null; collectorNum: number; allCollectorsAreExempt: boolean }>;
  };
}

function tokenDetail(t: TokenRow): JsonValue {
  const fungible = t.type === 'FUNGIBLE_COMMON';
  const fixed = t.custom_fees.fixed.map((f) => ({ all_collectors_are_exempt: false, amount: f.amount, collector_account_id: formatEntityId(f.collectorNum), denominating_token_id: formatEntityId(f.denominatingTokenNum) }));
  return {
    admin_key: keyJson(t.admin_key), auto_renew_account: formatEntityId(t.auto_renew_num), auto_renew_period: int(t.auto_renew_period),
    created_timestamp: formatTimestamp(t.created_ns),
    custom_fees: fungible
      ? {
          created_timestamp: formatTimestamp(t.created_ns), fixed_fees: fixed,
          fractional_fees: t.custom_fees.fractional.map((f) => ({
            all_collectors_are_exempt: f.allCollectorsAreExempt, amount: { numerator: f.numerator, denominator: f.denominator },
            collector_account_id: formatEntityId(f.collectorNum), denominating_token_id: formatEntityId(t.num), maximum: f.maximum, minimum: f.minimum, net_of_transfers: f.netOfTransfers,
          })),
        }
      : {
          created_timestamp: formatTimestamp(t.created_ns), fixed_fees: fixed,
          royalty_fees: t.custom_fees.royalty.map((f) => ({
            all_collectors_are_exempt: f.allCollectorsAreExempt, amount: { numerator: f.numerator, denominator: f.denominator }, collector_account_id: formatEntityId(f.collectorNum),
            fallback_fee: f.fallbackFee ? { amount: f.fallbackFee.amount, denominating_token_id: formatEntityId(f.fallbackFee.denominatingTokenNum) } : null,
          })),
        },
    decimals: String(t.decimals), deleted: t.deleted, expiry_timestamp: int(t.expiry_ns), fee_schedule_key: keyJson(t.fee_schedule_key),
    freeze_default: t.freeze_default, freeze_key: keyJson(t.freeze_key), initial_supply: t.initial_supply, kyc_key: keyJson(t.kyc_key),
    max_supply: t.max_supply, memo: t.memo, metadata: base64(t.metadata), metadata_key: keyJson(t.metadata_key), modified_timestamp: formatTimestamp(t.modified_ns),
    name: t.name, pause_key: keyJson(t.pause_key), pause_status: t.pause_status, supply_key: keyJson(t.supply_key), supply_type: t.supply_type,
    symbol: t.symbol, token_id: formatEntityId(t.num), total_supply: t.total_supply, treasury_account_id: formatEntityId(t.treasury_num),
    type: t.type, wipe_key: keyJson(t.wipe_key),
  };
}

const LIST_RULES: ParamRule[] = [
  entityFilterRule('account.id', ['eq']), { name: 'name', single: true, parse: (v) => (v.length >= 1 && v.length <= 100 ? v : undefined) },
  publicKeyRule('publickey'), entityFilterRule('token.id'), enumRule('type', ['ALL', 'FUNGIBLE_COMMON', 'NON_FUNGIBLE_UNIQUE']), limitRule(), orderRule,
];
const BALANCE_RULES: ParamRule[] = [entityFilterRule('account.id'), integerFilterRule('account.balance'), timestampFilterRule('timestamp', ['eq', 'lt', 'lte']), limitRule(), orderRule];
const NFT_RULES: ParamRule[] = [entityFilterRule('account.id'), integerFilterRule('serialnumber'), entityFilterRule('spender.id'), limitRule(), orderRule];

function tokenNumOf(text: string): bigint | null {
  const id = parsePathEntityId(text);
  if (!id) throw badRequest('tokenid');
  return localNum(id);
}

function serialOf(text: string): string {
  if (!/^\d{1,19}$/.test(text) || BigInt(text) < 1n || BigInt(text) > 9_223_372_036_854_775_807n) throw badRequest('serialnumber');
  return text;
}

/** The NFT a serial number names when the path carries no token: `token.id` or the first token having it. */
async function nftBySerial(db: PGlite, url: string, serial: string, extraRules: ParamRule[] = []): Promise<{ row: NftRow; query: ParsedQuery }> {
  const query = readQuery(url, [{ name: 'token.id', single: true, parse: (v) => { const id = parseQueryEntityId(v); return id ? entityOrderKey(id) : undefined; } }, ...extraRules]);
  const token = query.first<string>('token.id');
  const { rows } = await db.query<NftRow>(
    `SELECT * FROM nft WHERE serial = $1::numeric ${token ? 'AND token_num = $2::numeric' : ''} ORDER BY token_num LIMIT 1`, token ? [serial, token] : [serial]);
  if (!rows.length) throw notFound();
  return { row: rows[0]!, query };
}

async function balances(db: PGlite, reply: Parameters<typeof sendJson>[0], url: string, path: string, tokenNum: bigint | null) {
  const query = readQuery(url, tokenNum === null ? [...BALANCE_RULES, entityFilterRule('token.id')] : BALANCE_RULES);
  const where = new SqlConditions();
  if (tokenNum !== null) where.add(`b.token_num = ${where.param(tokenNum)}`);
  where.filter('b.balance', query.all<Filter<string>>('account.balance'), 'or', '::numeric');
  const keys = tokenNum === null
    ? [{ param: 'token.id', column: 'b.token_num', cast: '::numeric' }, { param: 'account.id', column: 'b.account_num', cast: '::numeric' }]
    : [{ param: 'account.id', column: 'b.account_num', cast: '::numeric' }];
  const { items, next } = await keyedPage<{ token_num: bigint; account_num: bigint; balance: string; decimals: number }>(db, path, query,
    { from: 'token_balance b JOIN token t ON t.num = b.token_num', select: 'b.*, t.decimals', where, keys, defaultOrder: 'desc' },
    (r) => (tokenNum === null ? [formatEntityId(r.token_num), formatEntityId(r.account_num)] : [formatEntityId(r.account_num)]));
  const timestamp = formatTimestamp(await latestConsensusNs(db));
  linkHeader(reply, next);
  return sendJson(reply, {
    timestamp,
    balances: items.map((b) => ({ account: formatEntityId(b.account_num), balance: int(b.balance), decimals: b.decimals, ...(tokenNum === null ? { token_id: formatEntityId(b.token_num) } : {}) })),
    links: { next },
  });
}

async function nftList(db: PGlite, reply: Parameters<typeof sendJson>[0], url: string, path: string, tokenNum: bigint | null) {
  const query = readQuery(url, tokenNum === null ? [...NFT_RULES, entityFilterRule('token.id')] : NFT_RULES);
  const where = new SqlConditions();
  if (tokenNum !== null) where.add(`token_num = ${where.param(tokenNum)}`);
  where.filter('owner_num', query.all<EntityFilter>('account.id'), 'or', '::numeric');
  where.filter('spender_num', query.all<EntityFilter>('spender.id'), 'or', '::numeric');
  const keys = tokenNum === null
    ? [{ param: 'token.id', column: 'token_num', cast: '::numeric' }, { param: 'serialnumber', column: 'serial', cast: '::numeric' }]
    : [{ param: 'serialnumber', column: 'serial', cast: '::numeric' }];
  const { items, next } = await keyedPage<NftRow>(db, path, query, { from: 'nft', where, keys, defaultOrder: 'desc' },
    (r) => (tokenNum === null ? [formatEntityId(r.token_num), String(r.serial)] : [String(r.serial)]));
  linkHeader(reply, next);
  return sendJson(reply, { nfts: items.map(nftJson), links: { next } });
}

async function nftTransactions(db: PGlite, reply: Parameters<typeof sendJson>[0], query: ParsedQuery, path: string, nft: NftRow) {
  const where = new SqlConditions();
  where.add(`n.token_num = ${where.param(nft.token_num)}`).add(`n.serial = ${where.param(nft.serial)}`);
  const { items, next } = await keyedPage<{ consensus_ns: bigint; is_approval: boolean; nonce: number; receiver_num: bigint; sender_num: bigint; payer_num: bigint; valid_start_ns: bigint; name: string }>(
    db, path, query,
    { from: 'nft_transfer n JOIN transaction t ON t.consensus_ns = n.consensus_ns', select: 'n.*, t.nonce, t.payer_num, t.valid_start_ns, t.name', where,
      keys: [{ param: 'timestamp', column: 'n.consensus_ns', cast: '::numeric' }], defaultOrder: 'desc' },
    (r) => [formatTimestamp(r.consensus_ns)]);
  linkHeader(reply, next);
  return sendJson(reply, {
    transactions: items.map((x) => ({
      consensus_timestamp: formatTimestamp(x.consensus_ns), is_approval: x.is_approval, nonce: x.nonce,
      receiver_account_id: formatEntityId(x.receiver_num), sender_account_id: formatEntityId(x.sender_num),
      transaction_id: transactionId(x.payer_num, x.valid_start_ns), type: x.name,
    })),
    links: { next },
  });
}

export function registerTokenRoutes(app: FastifyInstance, db: PGlite): void {
  app.get('/api/v1/tokens', async (request, reply) => {
    const query = readQuery(request.url, LIST_RULES);
    const where = new SqlConditions();
    const account = query.first<EntityFilter>('account.id');
    if (account) where.add(`EXISTS (SELECT 1 FROM token_balance b WHERE b.token_num = token.num AND b.account_num = ${where.param(account.value)}::numeric)`);
    const name = query.first<string>('name');
    if (name) where.add(`name ILIKE ${where.param(`%${name.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)}`);
    const publicKey = query.first<string>('publickey');
    if (publicKey) where.add(`admin_key->>'key' = ${where.param(publicKey)}`);
    const type = query.first<string>('type');
    if (type && type !== 'ALL') where.add(`type = ${where.param(type)}`);
    const { items, next } = await keyedPage<TokenRow>(db, '/api/v1/tokens', query,
      { from: 'token', where, keys: [{ param: 'token.id', column: 'num', cast: '::numeric' }], defaultOrder: 'asc' },
      (r) => [formatEntityId(r.num)]);
    linkHeader(reply, next);
    return sendJson(reply, {
      tokens: items.map((t) => ({ admin_key: keyJson(t.admin_key), decimals: t.decimals, metadata: base64(t.metadata), name: t.name, symbol: t.symbol, token_id: formatEntityId(t.num), type: t.type })),
      links: { next },
    }, CACHE_SECONDS.cachedList);
  });

  app.get('/api/v1/tokens/balances', (request, reply) => balances(db, reply, request.url, '/api/v1/tokens/balances', null));
  app.get('/api/v1/tokens/nfts', (request, reply) => nftList(db, reply, request.url, '/api/v1/tokens/nfts', null));

  app.get<{ Params: { serial: string } }>('/api/v1/tokens/nfts/:serial', async (request, reply) => {
    const { row } = await nftBySerial(db, request.url, serialOf(request.params.serial));
    return sendJson(reply, nftJson(row));
  });

  app.get<{ Params: { serial: string } }>('/api/v1/tokens/nfts/:serial/transactions', async (request, reply) => {
    const { row, query } = await nftBySerial(db, request.url, serialOf(request.params.serial), [timestampFilterRule(), limitRule(), orderRule]);
    return nftTransactions(db, reply, query, `/api/v1/tokens/nfts/${request.params.serial}/transactions`, row);
  });

  app.get<{ Params: { id: string } }>('/api/v1/tokens/:id', async (request, reply) => {
    const num = tokenNumOf(request.params.id);
    readQuery(request.url, [timestampFilterRule('timestamp', ['eq', 'lt', 'lte'])]);
    const { rows } = num === null ? { rows: [] } : await db.query<TokenRow>('SELECT * FROM token WHERE num = $1', [num]);
    if (!rows.length) throw notFound();
    return sendJson(reply, tokenDetail(rows[0]!));
  });

  app.get<{ Params: { id: string } }>('/api/v1/tokens/:id/balances', async (request, reply) => {
    const num = tokenNumOf(request.params.id);
    return balances(db, reply, request.url, `/api/v1/tokens/${request.params.id}/balances`, num ?? -1n);
  });

  app.get<{ Params: { id: string } }>('/api/v1/tokens/:id/nfts', async (request, reply) => {
    const num = tokenNumOf(request.params.id);
    return nftList(db, reply, request.url, `/api/v1/tokens/${request.params.id}/nfts`, num ?? -1n);
  });

  const tokenNft = async (params: { id: string; serial: string }) => {
    const num = tokenNumOf(params.id);
    const serial = serialOf(params.serial);
    const { rows } = num === null ? { rows: [] } : await db.query<NftRow>('SELECT * FROM nft WHERE token_num = $1 AND serial = $2::numeric', [num, serial]);
    if (!rows.length) throw notFound();
    return rows[0]!;
  };

  app.get<{ Params: { id: string; serial: string } }>('/api/v1/tokens/:id/nfts/:serial', async (request, reply) => {
    readQuery(request.url, []);
    return sendJson(reply, nftJson(await tokenNft(request.params)));
  });

  app.get<{ Params: { id: string; serial: string } }>('/api/v1/tokens/:id/nfts/:serial/transactions', async (request, reply) => {
    const query = readQuery(request.url, [timestampFilterRule(), limitRule(), orderRule]);
    return nftTransactions(db, reply, query, `/api/v1/tokens/${request.params.id}/nfts/${request.params.serial}/transactions`, await tokenNft(request.params));
  });
}
