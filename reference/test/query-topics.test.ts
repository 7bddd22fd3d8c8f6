import { describe, expect, it } from 'vitest';
import { referenceForTests } from './reference-for-tests.ts';

const reference = referenceForTests();
const get = reference.get;

describe('GET /api/v1/topics/{topicId} (contract 4.5)', () => {
  it('describes a topic with exactly the fields of 2.4', async () => {
    const { status, body } = await get('/api/v1/topics/0.0.3001');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'admin_key', 'auto_renew_account', 'auto_renew_period', 'created_timestamp', 'custom_fees', 'deleted', 'fee_exempt_key_list',
      'fee_schedule_key', 'memo', 'submit_key', 'timestamp', 'topic_id',
    ]);
    expect(Object.keys(body.custom_fees).sort()).toEqual(['created_timestamp', 'fixed_fees']);
    expect(body.topic_id).toBe('0.0.3001');
  });

  it('answers 404 with one message for an unknown topic and 400 for a malformed ID', async () => {
    const missing = await get('/api/v1/topics/0.0.99999');
    expect(missing.status).toBe(404);
    expect(missing.body._status.messages).toHaveLength(1);
    const bad = await get('/api/v1/topics/topic-one');
    expect(bad.status).toBe(400);
    expect(bad.body._status.messages).toEqual([{ message: 'Invalid parameter: topic.id' }]);
  });

  it('takes only the EntityId form (4.5): shortened and overlong IDs are malformed, 10-digit parts are well-formed', async () => {
    for (const id of ['0.1', '3001', '0.3001', '0.0.3001.1', '0.0.', '.0.3001', '0.0.99999999999', '0x0000000000000000000000000000000000000bb9']) {
      const answer = await get(`/api/v1/topics/${id}`);
      expect(answer.status, id).toBe(400);
      expect(answer.body._status.messages, id).toEqual([{ message: 'Invalid parameter: topic.id' }]);
    }
    expect((await get('/api/v1/topics/9999999999.9999999999.9999999999')).status).toBe(404);
  });

  it('keeps the lenient forms of the notes on the message paths', async () => {
    const full = (await get('/api/v1/topics/0.0.3002/messages?limit=2')).body;
    expect(full.messages).toHaveLength(2);
    expect((await get('/api/v1/topics/3002/messages?limit=2')).body.messages).toEqual(full.messages);
    expect((await get('/api/v1/topics/0.3002/messages?limit=2')).body.messages).toEqual(full.messages);
  });
});

describe('topic messages', () => {
  it('lists messages in sequence, and an unknown topic has none', async () => {
    const { body } = await get('/api/v1/topics/0.0.3002/messages?limit=5');
    expect(body.messages.map((m: any) => m.sequence_number)).toEqual([1, 2, 3, 4, 5]);
    expect(body.links.next).toBe(`/api/v1/topics/0.0.3002/messages?limit=5&timestamp=gt:${body.messages[4].consensus_timestamp}`);
    expect((await get('/api/v1/topics/0.0.88888/messages')).body).toEqual({ messages: [], links: { next: null } });
  });

  it('finds one message by sequence number and by consensus timestamp', async () => {
    const bySequence = await get('/api/v1/topics/0.0.3002/messages/3');
    expect(bySequence.status).toBe(200);
    expect(bySequence.body.sequence_number).toBe(3);
    const byTimestamp = await get(`/api/v1/topics/0.0.3002/messages/${bySequence.body.consensus_timestamp}`);
    expect(byTimestamp.body).toEqual(bySequence.body);
    expect((await get('/api/v1/topics/0.0.3002/messages/999999')).status).toBe(404);
  });
});
