import { describe, expect, it } from 'vitest';
import { referenceForTests } from './reference-for-tests.ts';

const reference = referenceForTests();
const get = reference.get;

const FIELDS = [
  'batch_key', 'bytes', 'charged_tx_fee', 'consensus_timestamp', 'entity_id', 'high_volume', 'high_volume_pricing_multiplier', 'max_custom_fees',
  'max_fee', 'memo_base64', 'name', 'nft_transfers', 'node', 'nonce', 'parent_consensus_timestamp', 'result', 'scheduled',
  'staking_reward_transfers', 'token_transfers', 'transaction_hash', 'transaction_id', 'transfers', 'valid_duration_seconds', 'valid_start_timestamp',
].sort();

describe('GET /api/v1/transactions (contract 4.2)', () => {
  it('defaults to 25 entries, newest first, with a timestamp cursor', async () => {
    const { body } = await get('/api/v1/transactions');
    expect(body.transactions).toHaveLength(25);
    const stamps = body.transactions.map((t: any) => t.consensus_timestamp);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(body.links.next).toBe(`/api/v1/transactions?timestamp=lt:${stamps[24]}`);
  });

  it('lists exactly the fields of 2.3 with integer fees and durations and the wire formats of the notes', async () => {
    const { body } = await get('/api/v1/transactions?limit=100');
    for (const t of body.transactions) {
      expect(Object.keys(t).sort()).toEqual(FIELDS);
      expect(Number.isInteger(t.charged_tx_fee) && Number.isInteger(t.max_fee) && Number.isInteger(t.valid_duration_seconds)).toBe(true);
      expect(t.transaction_id).toMatch(/^\d+\.\d+\.\d+-\d{1,10}-\d{9}$/);
      expect(t.consensus_timestamp).toMatch(/^\d{10}\.\d{9}$/);
      expect(Buffer.from(t.transaction_hash, 'base64')).toHaveLength(48);
      for (const s of t.staking_reward_transfers) expect(Number.isInteger(s.account)).toBe(true);
    }
  });

  it.each(['0', '-1', 'abc', '1.5', '1e2', '101'])('rejects limit=%s naming limit', async (value) => {
    const { status, body } = await get(`/api/v1/transactions?limit=${value}`);
    expect(status).toBe(400);
    expect(body._status.messages).toEqual([{ message: 'Invalid parameter: limit' }]);
  });

  it('rejects malformed filters naming each, and unknown parameters after them', async () => {
    const { status, body } = await get('/api/v1/transactions?timestamp=yesterday&transactionType=NOPE&result=maybe&type=sideways&account.id=0.0.x&extra=1');
    expect(status).toBe(400);
    expect(body._status.messages.map((m: any) => m.message)).toEqual([
      'Invalid parameter: timestamp', 'Invalid parameter: transactiontype', 'Invalid parameter: result', 'Invalid parameter: type',
      'Invalid parameter: account.id', 'Unknown query parameter: extra',
    ]);
  });

  it('filters by type names case-insensitively, OR-ing repeated names', async () => {
    const { body } = await get('/api/v1/transactions?transactionType=cryptotransfer&transactiontype=TOKENMINT&limit=100');
    const names = new Set(body.transactions.map((t: any) => t.name));
    expect([...names].sort()).toEqual(['CRYPTOTRANSFER', 'TOKENMINT']);
  });

  it('separates successes from failures with result', async () => {
    const fail = await get('/api/v1/transactions?result=fail&limit=100');
    expect(fail.body.transactions.length).toBeGreaterThan(0);
    expect(fail.body.transactions.every((t: any) => t.result !== 'SUCCESS')).toBe(true);
    const success = await get('/api/v1/transactions?result=SUCCESS&limit=100');
    expect(success.body.transactions.every((t: any) => ['SUCCESS', 'FEE_SCHEDULE_FILE_PART_UPLOADED', 'SUCCESS_BUT_MISSING_EXPECTED_OPERATION'].includes(t.result))).toBe(true);
  });

  it('matches account.id as payer or transfer party, bare number = 0.0.N, and type=credit/debit by the sign of its hbar or token transfers', async () => {
    const full = await get('/api/v1/transactions?account.id=0.0.1005&limit=50');
    expect(full.body.transactions.length).toBeGreaterThan(0);
    expect((await get('/api/v1/transactions?account.id=1005&limit=50')).body).toEqual(full.body);
    for (const t of full.body.transactions) {
      const involved = t.transaction_id.startsWith('0.0.1005-') || t.transfers.some((x: any) => x.account === '0.0.1005')
        || t.token_transfers.some((x: any) => x.account === '0.0.1005')
        || t.nft_transfers.some((x: any) => x.sender_account_id === '0.0.1005' || x.receiver_account_id === '0.0.1005');
      expect(involved).toBe(true);
    }
    const credits = await get('/api/v1/transactions?account.id=0.0.1005&type=credit&limit=50');
    const own = (t: any) => [...t.transfers, ...t.token_transfers].filter((x: any) => x.account === '0.0.1005');
    for (const t of credits.body.transactions) expect(own(t).some((x: any) => x.amount > 0)).toBe(true);
    // Reference notes: an account that only receives a token is credited too.
    const tokenOnly = full.body.transactions.filter((t: any) => t.token_transfers.some((x: any) => x.account === '0.0.1005' && x.amount > 0)
      && !t.transfers.some((x: any) => x.account === '0.0.1005'));
    const credited = new Set(credits.body.transactions.map((t: any) => t.consensus_timestamp));
    for (const t of tokenOnly) expect(credited.has(t.consensus_timestamp)).toBe(true);
  });

  it('keeps every filter in links.next and walks a bounded range without repeats', async () => {
    const from = (await get('/api/v1/transactions?order=asc&limit=1')).body.transactions[0].consensus_timestamp;
    const seconds = Number(from.split('.')[0]);
    let path: string | null = `/api/v1/transactions?order=asc&limit=10&timestamp=gte:${seconds}&timestamp=lt:${seconds + 4}`;
    const seen: string[] = [];
    for (let pages = 0; path && pages < 50; pages++) {
      const { body } = await get(path);
      seen.push(...body.transactions.map((t: any) => t.consensus_timestamp));
      if (body.links.next) expect(body.links.next).toContain(`timestamp=lt:${seconds + 4}`);
      path = body.links.next;
    }
    expect(path).toBeNull();
    expect(seen.length).toBeGreaterThan(40);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('GET /api/v1/transactions/{id}', () => {
  it('returns the accepted entry and each duplicate of one transaction ID, by ID and by hash', async () => {
    const dup = (await get('/api/v1/transactions?result=fail&limit=100')).body.transactions.find((t: any) => t.result === 'DUPLICATE_TRANSACTION');
    const byId = await get(`/api/v1/transactions/${dup.transaction_id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.links).toBeUndefined();
    expect(byId.headers.get('cache-control')).toBe('public, max-age=600');
    const entries = byId.body.transactions;
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.every((t: any) => t.transaction_id === dup.transaction_id)).toBe(true);
    expect(new Set(entries.map((t: any) => t.node)).size).toBe(entries.length);
    const hex = Buffer.from(dup.transaction_hash, 'base64').toString('hex');
    expect((await get(`/api/v1/transactions/${hex}`)).body).toEqual(byId.body);
    expect((await get(`/api/v1/transactions/0x${hex}`)).body).toEqual(byId.body);
  });

  it('accepts unpadded nanoseconds and lists children with their nonce, filterable by nonce', async () => {
    const child = (await get('/api/v1/transactions?transactiontype=CRYPTOCREATEACCOUNT&limit=100')).body.transactions.find((t: any) => t.nonce > 0);
    const [account, seconds, nanos] = child.transaction_id.split('-');
    const unpadded = `${account}-${seconds}-${String(Number(nanos))}`;
    const all = await get(`/api/v1/transactions/${unpadded}`);
    expect(all.body.transactions.map((t: any) => t.nonce)).toContain(0);
    const only = await get(`/api/v1/transactions/${unpadded}?nonce=${child.nonce}`);
    expect(only.body.transactions.map((t: any) => t.nonce)).toEqual([child.nonce]);
  });

  it('lists the scheduled execution with the schedule-creating entry', async () => {
    let found: any;
    let path: string | null = '/api/v1/transactions?transactiontype=SCHEDULECREATE&limit=100';
    for (let pages = 0; path && !found && pages < 5; pages++) {
      const page: any = (await get(path)).body;
      for (const create of page.transactions) {
        const entries = (await get(`/api/v1/transactions/${create.transaction_id}`)).body.transactions;
        if (entries.some((t: any) => t.scheduled)) { found = entries; break; }
      }
      path = page.links.next;
    }
    expect(found.map((t: any) => t.name)).toContain('SCHEDULECREATE');
    expect((await get(`/api/v1/transactions/${found[0].transaction_id}?scheduled=true`)).body.transactions.every((t: any) => t.scheduled)).toBe(true);
  });

  it('answers 400 naming the parameter for a malformed ID and 404 for an unknown one', async () => {
    const bad = await get('/api/v1/transactions/0.0.1-abc');
    expect(bad.status).toBe(400);
    expect(bad.body._status.messages).toHaveLength(1);
    expect(bad.body._status.messages[0].message.toLowerCase()).toContain('transactionid');
    expect((await get('/api/v1/transactions/0.0.1001-1600000000-1')).status).toBe(404);
  });
});
