// GET /api/v1/transactions (contract 4.2) and /api/v1/transactions/{id}. The list defaults to 25
// newest first; account.id matches the payer or any crypto, token or NFT transfer of the account.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { TRANSACTION_TYPES, SUCCESS_RESULTS } from '../../fixtures/ledger/transaction-types.ts';
import { readQuery, limitRule, orderRule, enumRule, booleanRule, type ParamRule, type ParsedQuery } from './query-params.ts';
import { entityFilterRule, timestampFilterRule, type EntityFilter } from './filters.ts';
import { SqlConditions } from './sql-conditions.ts';
import { formatTimestamp } from './ledger-timestamp.ts';
import { linkHeader } from './pagination.ts';
import { keyedPage } from './keyed-page.ts';
import { CACHE_SECONDS, sendJson } from './json-reply.ts';
import { QueryError, notFound } from './query-error.ts';
import { transactionItems, type TransactionRow } from './transaction-items.ts';
import { parseTransactionId } from './transaction-id.ts';
import { parseHash } from './record-hash.ts';
import { localNum } from './entity-id.ts';

const LIST_RULES: ParamRule[] = [
  entityFilterRule('account.id'), limitRule(), orderRule, timestampFilterRule(),
  enumRule('transactiontype', TRANSACTION_TYPES, { single: false }), enumRule('result', ['success', 'fail']), enumRule('type', ['credit', 'debit']),
];

const SUCCESS_LIST = SUCCESS_RESULTS.map((r) => `'${r}'`).join(',');

/** Transactions involving an account matching the filters: as payer or in any transfer. */
function involvingAccount(where: SqlConditions, filters: readonly EntityFilter[]): string {
  const p = (column: string) => where.filterExpression(column, filters, 'or', '::numeric');
  return `(${p('t.payer_num')}
    OR EXISTS (SELECT 1 FROM crypto_transfer c WHERE c.consensus_ns = t.consensus_ns AND ${p('c.account_num')})
    OR EXISTS (SELECT 1 FROM token_transfer k WHERE k.consensus_ns = t.consensus_ns AND ${p('k.account_num')})
    OR EXISTS (SELECT 1 FROM nft_transfer n WHERE n.consensus_ns = t.consensus_ns AND (${p('n.sender_num')} OR ${p('n.receiver_num')})))`;
}

/** The conditions of the transaction filters shared by the list and an account's transactions. */
export function transactionConditions(where: SqlConditions, filters: {
  accounts: readonly EntityFilter[]; types: readonly string[]; result?: string; creditType?: string;
}): void {
  if (filters.accounts.length) where.add(involvingAccount(where, filters.accounts));
  if (filters.types.length) where.add(`t.name IN (${filters.types.map((name) => where.param(name)).join(',')})`);
  if (filters.result === 'success') where.add(`t.result IN (${SUCCESS_LIST})`);
  if (filters.result === 'fail') where.add(`t.result NOT IN (${SUCCESS_LIST})`);
  if (filters.creditType) {
    // Reference notes: credit/debit counts the account's hbar AND token transfers.
    const sign = filters.creditType === 'credit' ? '>' : '<';
    const own = (table: string) => `EXISTS (SELECT 1 FROM ${table} c WHERE c.consensus_ns = t.consensus_ns AND c.amount ${sign} 0${
      filters.accounts.length ? ` AND ${where.filterExpression('c.account_num', filters.accounts, 'or', '::numeric')}` : ''})`;
    where.add(`(${own('crypto_transfer')} OR ${own('token_transfer')})`);
  }
}

/** One page of the transactions `where` selects, newest first unless asked, keyed by consensus timestamp. */
export function transactionPage(db: PGlite, path: string, query: ParsedQuery, where: SqlConditions) {
  return keyedPage<TransactionRow>(db, path, query,
    { from: 'transaction t', where, keys: [{ param: 'timestamp', column: 't.consensus_ns', cast: '::numeric' }], defaultOrder: 'desc' },
    (t) => [formatTimestamp(t.consensus_ns)]);
}

export function registerTransactionRoutes(app: FastifyInstance, db: PGlite): void {
  app.get('/api/v1/transactions', async (request, reply) => {
    const query = readQuery(request.url, LIST_RULES);
    const where = new SqlConditions();
    transactionConditions(where, {
      accounts: query.all<EntityFilter>('account.id'), types: query.all<string>('transactiontype'),
      result: query.first<string>('result'), creditType: query.first<string>('type'),
    });
    const { items, next } = await transactionPage(db, '/api/v1/transactions', query, where);
    linkHeader(reply, next);
    return sendJson(reply, { transactions: await transactionItems(db, items), links: { next } });
  });

  app.get<{ Params: { id: string } }>('/api/v1/transactions/:id', async (request, reply) => {
    const text = request.params.id;
    const id = parseTransactionId(text);
    const hash = parseHash(text);
    if (!id && !hash) {
      throw new QueryError(400, [{ message: 'Invalid parameter: transactionidorhash', detail: 'Use a transaction ID "shard.realm.num-sss-nnn" or a 48-byte hash in hexadecimal' }]);
    }
    const query = readQuery(request.url, [
      { name: 'nonce', single: true, parse: (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : undefined) },
      booleanRule('scheduled'),
    ]);
    const where = new SqlConditions();
    if (id) {
      const payerNum = localNum(id.payer);
      if (payerNum === null) throw notFound();
      where.add(`t.payer_num = ${where.param(payerNum)}`);
      where.add(`t.valid_start_ns = ${where.param(id.validStartNs.toString())}::numeric`);
    } else {
      // A hash names one signed transaction; the answer lists every entry of its transaction ID.
      const bytes = Buffer.from(hash!, 'hex');
      const match = bytes.length === 48 ? `h.hash = ${where.param(bytes)}` : `substring(h.hash from 1 for 32) = ${where.param(bytes)}`;
      where.add(`(t.payer_num, t.valid_start_ns) IN (SELECT h.payer_num, h.valid_start_ns FROM transaction h WHERE ${match})`);
    }
    const nonce = query.first<number>('nonce');
    if (nonce !== undefined) where.add(`t.nonce = ${where.param(nonce)}`);
    const scheduled = query.first<boolean>('scheduled');
    if (scheduled !== undefined) where.add(`t.scheduled = ${where.param(scheduled)}`);
    const { rows } = await db.query<TransactionRow>(`SELECT t.* FROM transaction t ${where.where()} ORDER BY t.consensus_ns`, where.params);
    if (!rows.length) throw notFound();
    return sendJson(reply, { transactions: await transactionItems(db, rows) }, CACHE_SECONDS.transactionById);
  });
}
