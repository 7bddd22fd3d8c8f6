// Network records of contract 4.6: supply, exchange rate, the current fee schedule (GET
// /network/fees), address-book nodes and staking data.
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { readQuery, limitRule, orderRule, enumRule, type Order } from './query-params.ts';
import { integerFilterRule, timestampFilterRule } from './filters.ts';
import { SqlConditions } from './sql-conditions.ts';
import { formatEntityId } from './entity-id.ts';
import { formatTimestamp } from './ledger-timestamp.ts';
import { int, keyJson } from './wire-format.ts';
import { linkHeader } from './pagination.ts';
import { keyedPage } from './keyed-page.ts';
import { sendJson } from './json-reply.ts';
import { notFound } from './query-error.ts';
import type { NetworkRecord } from '../../fixtures/ledger/ledger-model.ts';
import { DAY_NS } from '../../fixtures/ledger/ledger-clock.ts';

/** Network documents are stored as JSON, with 64-bit values as decimal text. */
type Stored<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] extends object ? Stored<T[K]> : T[K] };

async function document<K extends keyof NetworkRecord>(db: PGlite, kind: string): Promise<Stored<NetworkRecord[K]>> {
  const { rows } = await db.query<{ document: Stored<NetworkRecord[K]> }>('SELECT document FROM network_document WHERE kind = $1', [kind]);
  if (!rows.length) throw notFound();
  return rows[0]!.document;
}

interface NodeRow {
  node_id: number; account_num: bigint; description: string; memo: string; public_key: string; node_cert_hash: string; admin_key: unknown;
  service_endpoints: Array<{ domainName: string; ipAddressV4: string; port: number }>; grpc_proxy_endpoint: { domainName: string; ipAddressV4: string; port: number } | null;
  stake: bigint; stake_rewarded: bigint; stake_not_rewarded: bigint; min_stake: bigint; max_stake: bigint; reward_rate_start: bigint; decline_reward: boolean; timestamp_ns: bigint;
}

/** The current staking period: the day that starts at the stake document's period start. */
function stakingPeriod(stake: Stored<NetworkRecord['stake']>) {
  return { from: formatTimestamp(stake.stakingPeriodStartNs), to: formatTimestamp(BigInt(stake.stakingPeriodStartNs) + DAY_NS) };
}

const endpoint = (e: { domainName: string; ipAddressV4: string; port: number }) => ({ domain_name: e.domainName, ip_address_v4: e.ipAddressV4, port: e.port });

export function registerNetworkRoutes(app: FastifyInstance, db: PGlite): void {
  app.get('/api/v1/network/supply', async (request, reply) => {
    readQuery(request.url, [timestampFilterRule()]);
    const supply = await document<'supply'>(db, 'supply');
    return sendJson(reply, { released_supply: supply.releasedSupply, timestamp: formatTimestamp(supply.timestampNs), total_supply: supply.totalSupply });
  });

  app.get('/api/v1/network/exchangerate', async (request, reply) => {
    readQuery(request.url, [timestampFilterRule()]);
    const rate = await document<'exchangeRate'>(db, 'exchange_rate');
    const json = (r: typeof rate.current) => ({ cent_equivalent: r.centEquivalent, expiration_time: r.expirationSeconds, hbar_equivalent: r.hbarEquivalent });
    return sendJson(reply, { current_rate: json(rate.current), next_rate: json(rate.next), timestamp: formatTimestamp(rate.timestampNs) });
  });

  app.get('/api/v1/network/fees', async (request, reply) => {
    const query = readQuery(request.url, [timestampFilterRule(), orderRule]);
    const schedule = await document<'feeSchedule'>(db, 'fee_schedule');
    const fees = [...schedule.fees].sort((a, b) => a.transactionType.localeCompare(b.transactionType));
    if ((query.first<Order>('order') ?? 'asc') === 'desc') fees.reverse();
    return sendJson(reply, { fees: fees.map((f) => ({ gas: f.gas, transaction_type: f.transactionType })), timestamp: formatTimestamp(schedule.timestampNs) });
  });

  app.get('/api/v1/network/stake', async (request, reply) => {
    readQuery(request.url, []);
    const s = await document<'stake'>(db, 'stake');
    return sendJson(reply, {
      max_stake_rewarded: s.maxStakeRewarded, max_staking_reward_rate_per_hbar: s.maxStakingRewardRatePerHbar, max_total_reward: s.maxTotalReward,
      node_reward_fee_fraction: s.nodeRewardFeeFraction, reserved_staking_rewards: s.reservedStakingRewards, reward_balance_threshold: s.rewardBalanceThreshold,
      stake_total: s.stakeTotal,
      staking_period: stakingPeriod(s),
      staking_period_duration: s.stakingPeriodDuration, staking_periods_stored: s.stakingPeriodsStored, staking_reward_fee_fraction: s.stakingRewardFeeFraction,
      staking_reward_rate: s.stakingRewardRate, staking_start_threshold: s.stakingStartThreshold, unreserved_staking_reward_balance: s.unreservedStakingRewardBalance,
    });
  });

  app.get('/api/v1/network/nodes', async (request, reply) => {
    const query = readQuery(request.url, [enumRule('file.id', ['0.0.101', '0.0.102', '101', '102']), integerFilterRule('node.id'), limitRule(25), orderRule]);
    const stake = await document<'stake'>(db, 'stake');
    const fileId = (query.first<string>('file.id') ?? '0.0.102').replace(/^(\d+)$/, '0.0.$1');
    const { items, next } = await keyedPage<NodeRow>(db, '/api/v1/network/nodes', query,
      { from: 'node', where: new SqlConditions(), keys: [{ param: 'node.id', column: 'node_id', cast: '::numeric' }], defaultOrder: 'asc', defaultLimit: 10 },
      (n) => [String(n.node_id)]);
    linkHeader(reply, next);
    const period = stakingPeriod(stake);
    return sendJson(reply, {
      nodes: items.map((n) => ({
        admin_key: keyJson(n.admin_key), decline_reward: n.decline_reward, description: n.description, file_id: fileId,
        grpc_proxy_endpoint: n.grpc_proxy_endpoint ? endpoint(n.grpc_proxy_endpoint) : null, max_stake: int(n.max_stake), memo: n.memo,
        min_stake: int(n.min_stake), node_account_id: formatEntityId(n.account_num), node_cert_hash: n.node_cert_hash, node_id: n.node_id,
        public_key: n.public_key, reward_rate_start: int(n.reward_rate_start), service_endpoints: n.service_endpoints.map(endpoint),
        stake: int(n.stake), stake_not_rewarded: int(n.stake_not_rewarded), stake_rewarded: int(n.stake_rewarded), staking_period: period,
        timestamp: { from: formatTimestamp(n.timestamp_ns), to: null },
      })),
      links: { next },
    });
  });
}

