import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadSpec } from '../specs/load-spec.ts';
import { schemaChecker, formatViolations } from '../specs/schema-validator.ts';

let schemas: Record<string, object>;

beforeAll(async () => {
  const doc = (await loadSpec('ledger-query')) as OpenAPIV3_1.Document;
  schemas = doc.components!.schemas as Record<string, object>;
});

const key = { _type: 'ED25519', key: '7a3c0f11' };
const schedule = {
  admin_key: key,
  consensus_timestamp: '1700000000.000000001',
  creator_account_id: '0.0.1001',
  deleted: false,
  executed_timestamp: null,
  expiration_time: null,
  memo: 'pay rent',
  payer_account_id: '0.0.1002',
  schedule_id: '0.0.5001',
  signatures: [{ consensus_timestamp: '1700000000.5', public_key_prefix: 'AAEC', signature: 'AwQF', type: 'ED25519' }],
  transaction_body: 'CgQQBxgL',
  wait_for_expiry: true,
};
const transaction = {
  batch_key: null,
  bytes: null,
  charged_tx_fee: 7,
  consensus_timestamp: '1700000001.000000002',
  entity_id: '0.0.2',
  high_volume: false,
  high_volume_pricing_multiplier: 1,
  max_custom_fees: [{ account_id: '0.0.9', amount: 3, denominating_token_id: null }],
  max_fee: 100,
  memo_base64: null,
  name: 'CRYPTOTRANSFER',
  nft_transfers: [{ is_approval: false, receiver_account_id: '0.0.3', sender_account_id: '0.0.4', serial_number: 1, token_id: '0.0.5' }],
  node: '0.0.3',
  nonce: 0,
  parent_consensus_timestamp: '1700000001.000000002',
  result: 'SUCCESS',
  scheduled: false,
  staking_reward_transfers: [{ account: 800, amount: 10 }],
  transaction_hash: 'q83v',
  transaction_id: '0.0.1001-1700000000-000000007',
  token_transfers: [{ token_id: '0.0.5', account: '0.0.4', amount: -2, is_approval: false }],
  transfers: [{ account: '0.0.1001', amount: -7, is_approval: false }],
  valid_duration_seconds: 120,
  valid_start_timestamp: '1700000000.000000007',
};

const check = (name: string, value: unknown) => schemaChecker(schemas[name]!)(value);
const keywords = (name: string, value: unknown) => check(name, value).map((v) => v.keyword);

describe('validators accept the contract\'s own shapes', () => {
  it.each([
    ['Schedule', schedule],
    ['Transaction', transaction],
    ['ScheduleList', { schedules: [schedule], links: { next: null } }],
    ['TransactionList', { transactions: [transaction], links: { next: '/api/v1/transactions?timestamp=lt:1700000001.000000002' } }],
    ['ErrorBody', { _status: { messages: [{ message: 'Invalid parameter: limit', detail: null, data: '0x08c379a0' }] } }],
    ['ContractCallRequest', { to: '0x00000000000000000000000000000000000003e9', block: 'latest', data: '0x70a08231', gas: 15000000, value: 0, estimate: null }],
    ['ContractCallResponse', { result: '0x0000000000000000000000000000000000000000000000000000000000000008' }],
  ])('%s', (name, value) => {
    expect(formatViolations(check(name, value))).toBe('');
  });
});

describe('validators reject each kind of violation, naming keyword, pointer and rule', () => {
  it('pattern: an EntityId with 11 digits', () => {
    const [v] = check('Schedule', { ...schedule, schedule_id: '0.0.12345678901' });
    expect(v).toMatchObject({ keyword: 'pattern', pointer: '/schedule_id', actual: '0.0.12345678901' });
    expect(v!.rules).toContain('LQ-2.1-entity-id-pattern');
  });

  it('type: an integer fee sent as a string (known deviation 2 of the real service)', () => {
    const [v] = check('Transaction', { ...transaction, max_fee: '100' });
    expect(v).toMatchObject({ keyword: 'type', pointer: '/max_fee' });
  });

  it('enum: an unknown signature type and a lower-case transaction name', () => {
    expect(keywords('Schedule', { ...schedule, signatures: [{ ...schedule.signatures[0], type: 'RSA_2048' }] })).toEqual(['enum']);
    expect(keywords('Transaction', { ...transaction, name: 'cryptotransfer' })).toEqual(['enum']);
  });

  it('required: a schedule without schedule_id and an error message without message', () => {
    const { schedule_id: _omitted, ...rest } = schedule;
    expect(check('Schedule', rest)[0]).toMatchObject({ keyword: 'required', pointer: '/schedule_id' });
    expect(keywords('ErrorBody', { _status: { messages: [{ detail: 'x' }] } })).toEqual(['required']);
  });

  it('minimum / maximum / maxLength: gas below 0 and data over 262146 characters', () => {
    expect(keywords('ContractCallRequest', { to: '0x00000000000000000000000000000000000003e9', gas: -1 })).toEqual(['minimum']);
    const data = `0x${'a'.repeat(262145)}`;
    expect(keywords('ContractCallRequest', { to: '0x00000000000000000000000000000000000003e9', data })).toEqual(['maxLength']);
    expect(keywords('ContractCallRequest', { to: '0x00000000000000000000000000000000000003e9', data: data.slice(0, -1) })).toEqual([]);
  });

  it('nullable: null only where declared (executed_timestamp yes, schedule_id no, Key yes)', () => {
    expect(keywords('Schedule', { ...schedule, executed_timestamp: null, admin_key: null })).toEqual([]);
    expect(keywords('Schedule', { ...schedule, schedule_id: null })).toEqual(['type']);
    expect(keywords('ErrorBody', { _status: { messages: [{ message: 'x', data: '' }] } })).toEqual(['pattern']);
  });
});

describe('schemas themselves', () => {
  it('refuses a schema the JSON Schema meta-schema refuses, every time (a refusal is not remembered)', () => {
    // ajv's compile alone accepts a negative maxLength; a text no earlier run has seen (the
    // description), so the machine's memo of valid schemas cannot answer for it.
    const broken = { type: 'object', description: `${Date.now()}-${Math.random()}`, properties: { memo: { type: 'string', maxLength: -1 } } };
    expect(() => schemaChecker(broken)).toThrow(/^schema is invalid: .*maxLength must be >= 0/);
    expect(() => schemaChecker(structuredClone(broken))).toThrow(/^schema is invalid/);
  });
});
