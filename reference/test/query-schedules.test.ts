import { describe, expect, it } from 'vitest';
import { referenceForTests } from './reference-for-tests.ts';

const reference = referenceForTests();
const get = reference.get;

const ids = (body: any) => body.schedules.map((s: any) => s.schedule_id);
const num = (id: string) => Number(id.split('.')[2]);

describe('GET /api/v1/schedules (contract 4.1)', () => {
  it('defaults to 25 schedules in ascending schedule ID order', async () => {
    const { status, body } = await get('/api/v1/schedules');
    expect(status).toBe(200);
    expect(body.schedules).toHaveLength(25);
    const nums = ids(body).map(num);
    expect(nums).toEqual([...nums].sort((a, b) => a - b));
    expect(body.links.next).toBe(`/api/v1/schedules?schedule.id=gt:${ids(body)[24]}`);
  });

  it('honours limit 1 and 100 and order in any case', async () => {
    expect((await get('/api/v1/schedules?limit=1')).body.schedules).toHaveLength(1);
    expect((await get('/api/v1/schedules?limit=100')).body.schedules).toHaveLength(100);
    const desc = ids((await get('/api/v1/schedules?order=DESC&limit=5')).body).map(num);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it.each(['0', '-1', 'abc', '1.5', '1e2', '101', ''])('rejects limit=%s with one message naming limit', async (value) => {
    const { status, body } = await get(`/api/v1/schedules?limit=${value}`);
    expect(status).toBe(400);
    expect(body).toEqual({ _status: { messages: [{ message: 'Invalid parameter: limit' }] } });
  });

  it('names each invalid parameter once, then the unknown ones, and treats names case-insensitively', async () => {
    const { status, body } = await get('/api/v1/schedules?Account.Id=x&order=sideways&bogus=1&limit[x]=1');
    expect(status).toBe(400);
    expect(body._status.messages.map((m: any) => m.message)).toEqual([
      'Invalid parameter: account.id', 'Invalid parameter: order', 'Unknown query parameter: bogus', 'Unknown query parameter: limit[x]',
    ]);
    expect((await get('/api/v1/schedules?LIMIT=2')).body.schedules).toHaveLength(2);
  });

  it('filters the creator by account.id, the bare number meaning 0.0.N', async () => {
    const creator = (await get('/api/v1/schedules?limit=1')).body.schedules[0].creator_account_id;
    const full = await get(`/api/v1/schedules?account.id=${creator}`);
    const bare = await get(`/api/v1/schedules?account.id=${num(creator)}`);
    expect(full.body.schedules.length).toBeGreaterThan(0);
    expect(full.body).toEqual(bare.body);
    expect(full.body.schedules.every((s: any) => s.creator_account_id === creator)).toBe(true);
  });

  it('combines schedule.id range operators', async () => {
    const { body } = await get('/api/v1/schedules?schedule.id=gte:0.0.4010&schedule.id=lt:4015');
    expect(ids(body)).toEqual(['0.0.4010', '0.0.4011', '0.0.4012', '0.0.4013', '0.0.4014']);
  });

  it('visits every schedule exactly once when following links.next', async () => {
    const seen: string[] = [];
    let path: string | null = '/api/v1/schedules?limit=7';
    let pages = 0;
    while (path && pages < 100) {
      const { body, headers } = await get(path);
      seen.push(...ids(body));
      if (body.links.next) expect(headers.get('link')).toBe(`<${body.links.next}>; rel="next"`);
      path = body.links.next;
      pages++;
    }
    expect(path).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await get('/api/v1/schedules?limit=100&schedule.id=gte:0')).body.schedules.length + (await get('/api/v1/schedules?limit=100&schedule.id=gt:0.0.4100')).body.schedules.length);
  });

  it('describes executed, deleted and pending schedules with the fields of 2.2', async () => {
    const { body } = await get('/api/v1/schedules?limit=100');
    const fields = ['admin_key', 'consensus_timestamp', 'creator_account_id', 'deleted', 'executed_timestamp', 'expiration_time', 'memo', 'payer_account_id', 'schedule_id', 'signatures', 'transaction_body', 'wait_for_expiry'];
    for (const s of body.schedules) expect(Object.keys(s).sort()).toEqual(fields);
    expect(body.schedules.some((s: any) => s.executed_timestamp !== null)).toBe(true);
    expect(body.schedules.some((s: any) => s.deleted)).toBe(true);
    expect(body.schedules.some((s: any) => !s.deleted && s.executed_timestamp === null)).toBe(true);
    for (const s of body.schedules) expect(s.consensus_timestamp).toMatch(/^\d{10}\.\d{9}$/);
  });
});

describe('GET /api/v1/schedules/{id}', () => {
  it('accepts 0.0.N, 0.N and N for the same schedule', async () => {
    const a = await get('/api/v1/schedules/0.0.4001');
    expect(a.status).toBe(200);
    expect((await get('/api/v1/schedules/0.4001')).body).toEqual(a.body);
    expect((await get('/api/v1/schedules/4001')).body).toEqual(a.body);
  });

  it('answers 404 for an unknown schedule and 400 naming the parameter for a malformed one', async () => {
    expect((await get('/api/v1/schedules/0.0.999999')).body).toEqual({ _status: { messages: [{ message: 'Not found' }] } });
    const bad = await get('/api/v1/schedules/abc');
    expect(bad.status).toBe(400);
    expect(bad.body._status.messages).toEqual([{ message: 'Invalid parameter: scheduleid' }]);
  });
});
