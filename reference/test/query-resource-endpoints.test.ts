import { describe, expect, it } from 'vitest';
import { referenceForTests } from './reference-for-tests.ts';

const reference = referenceForTests();
const get = reference.get;

/** The first account (from 0.0.1001 on) for which the sub-resource lists something. */
async function accountWith(sub: string, key: string): Promise<string> {
  for (let num = 1001; num <= 1220; num++) {
    const { status, body } = await get(`/api/v1/accounts/0.0.${num}/${sub}`);
    if (status === 200 && body[key].length) return `0.0.${num}`;
  }
  throw new Error(`no account has ${sub}`);
}

describe('the GET paths of contract 4.6 answer with data', () => {
  it('serves each of the 38 paths with 200 and JSON', async () => {
    const result = (await get('/api/v1/contracts/results?limit=1')).body.results[0];
    const message = (await get('/api/v1/topics/0.0.3002/messages/2')).body;
    const block = (await get('/api/v1/blocks?limit=1')).body.blocks[0];
    const alias = (await get('/api/v1/accounts?limit=100')).body.accounts.find((a: any) => a.alias);
    const transaction = (await get('/api/v1/transactions?limit=1')).body.transactions[0];
    const paths: Array<[string, string]> = [
      ['/api/v1/schedules/{id}', '/api/v1/schedules/0.0.4001'],
      ['/api/v1/transactions/{id}', `/api/v1/transactions/${transaction.transaction_id}`],
      ['/api/v1/accounts', '/api/v1/accounts'],
      ['/api/v1/accounts/{idOrAliasOrEvmAddress}', `/api/v1/accounts/${alias.alias}`],
      ['/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/crypto', `/api/v1/accounts/${await accountWith('allowances/crypto', 'allowances')}/allowances/crypto`],
      ['/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/tokens', `/api/v1/accounts/${await accountWith('allowances/tokens', 'allowances')}/allowances/tokens`],
      ['/api/v1/accounts/{idOrAliasOrEvmAddress}/allowances/nfts', `/api/v1/accounts/${await accountWith('allowances/nfts', 'allowances')}/allowances/nfts`],
      ['/api/v1/accounts/{idOrAliasOrEvmAddress}/rewards', `/api/v1/accounts/${await accountWith('rewards', 'rewards')}/rewards`],
      ['/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding', `/api/v1/accounts/${await accountWith('airdrops/outstanding', 'airdrops')}/airdrops/outstanding`],
      ['/api/v1/accounts/{idOrAliasOrEvmAddress}/airdrops/pending', `/api/v1/accounts/${await accountWith('airdrops/pending', 'airdrops')}/airdrops/pending`],
      ['/api/v1/accounts/{idOrAliasOrEvmAddress}/nfts', `/api/v1/accounts/${await accountWith('nfts', 'nfts')}/nfts`],
      ['/api/v1/contracts', '/api/v1/contracts'],
      ['/api/v1/contracts/{contractIdOrAddress}', '/api/v1/contracts/0x0000000000000000000000000000000000001b59'],
      ['/api/v1/contracts/{contractIdOrAddress}/results', '/api/v1/contracts/0.0.7001/results'],
      ['/api/v1/contracts/{id}/state', '/api/v1/contracts/0.0.7001/state'],
      ['/api/v1/contracts/{id}/results/logs', '/api/v1/contracts/0.0.7001/results/logs'],
      ['/api/v1/contracts/{id}/results/opcodes', '/api/v1/contracts/0.0.7001/results/opcodes'],
      ['/api/v1/contracts/results', '/api/v1/contracts/results'],
      ['/api/v1/contracts/results/{transactionIdOrhash}', `/api/v1/contracts/results/${result.hash}`],
      ['/api/v1/contracts/results/{transactionIdOrHash}/results', `/api/v1/contracts/results/${result.hash}/results`],
      ['/api/v1/contracts/results/{timestamp}', `/api/v1/contracts/results/${result.timestamp}`],
      ['/api/v1/contracts/logs', '/api/v1/contracts/logs'],
      ['/api/v1/tokens', '/api/v1/tokens'],
      ['/api/v1/tokens/balances', '/api/v1/tokens/balances'],
      ['/api/v1/tokens/{id}', '/api/v1/tokens/0.0.2001'],
      ['/api/v1/tokens/nfts', '/api/v1/tokens/nfts'],
      ['/api/v1/tokens/nfts/{serialNumber}', '/api/v1/tokens/nfts/1'],
      ['/api/v1/tokens/nfts/{id}/transactions', '/api/v1/tokens/nfts/1/transactions'],
      ['/api/v1/network/supply', '/api/v1/network/supply'],
      ['/api/v1/network/fees', '/api/v1/network/fees'],
      ['/api/v1/network/exchangerate', '/api/v1/network/exchangerate'],
      ['/api/v1/network/nodes', '/api/v1/network/nodes'],
      ['/api/v1/network/stake', '/api/v1/network/stake'],
      ['/api/v1/topics/{id}/messages', '/api/v1/topics/0.0.3002/messages'],
      ['/api/v1/topics/{id}/messages/{sequence_number}', '/api/v1/topics/0.0.3002/messages/2'],
      ['/api/v1/topics/{id}/messages/{consensusTimestamp}', `/api/v1/topics/0.0.3002/messages/${message.consensus_timestamp}`],
      ['/api/v1/blocks', '/api/v1/blocks'],
      ['/api/v1/blocks/{hash_or_number}', `/api/v1/blocks/${block.hash}`],
    ];
    expect(paths).toHaveLength(38);
    for (const [template, path] of paths) {
      const { status, body, type } = await get(path);
      expect(status, `${template}: ${path}`).toBe(200);
      expect(type).toBe('application/json; charset=utf-8');
      const lists = Object.values(body).filter(Array.isArray) as unknown[][];
      // A list (with links, or alone in its envelope) is not empty; a lookup answers its record.
      if ('links' in body || Object.keys(body).length === 1 || 'fees' in body) expect(lists.some((l) => l.length > 0), template).toBe(true);
      else expect(Object.keys(body).length, template).toBeGreaterThan(2);
    }
  });
});

describe('resource lookups', () => {
  it('finds an account by ID, bare number, alias and EVM address alike', async () => {
    const alias = (await get('/api/v1/accounts?limit=100')).body.accounts.find((a: any) => a.alias);
    const forms = [alias.account, alias.account.split('.')[2], alias.alias, alias.evm_address, alias.evm_address.slice(2)];
    const bodies = await Promise.all(forms.map((f: string) => get(`/api/v1/accounts/${f}?transactions=false`)));
    for (const b of bodies) expect(b.body.account).toBe(alias.account);
    expect((await get('/api/v1/accounts/not!valid')).status).toBe(400);
    expect((await get('/api/v1/accounts/0.0.99999999')).status).toBe(404);
  });

  it('presents the fixture contracts with their deployed code and storage', async () => {
    const contract = (await get('/api/v1/contracts/0.0.7001')).body;
    expect(contract.evm_address).toBe('0x0000000000000000000000000000000000001b59');
    expect(contract.runtime_bytecode).toMatch(/^0x[0-9a-f]+$/);
    const state = (await get('/api/v1/contracts/0.0.7001/state')).body.state;
    expect(state.length).toBeGreaterThan(0);
    const results = (await get('/api/v1/contracts/0.0.7001/results?order=asc&limit=1')).body.results;
    expect(results[0].created_contract_ids).toEqual(['0.0.7001']);
  });

  it('walks the token balance list through its tuple cursor without repeats', async () => {
    const seen: string[] = [];
    let path: string | null = '/api/v1/tokens/balances?limit=40&token.id=lte:0.0.2003';
    for (let pages = 0; path && pages < 40; pages++) {
      const { body } = await get(path);
      seen.push(...body.balances.map((b: any) => `${b.token_id}/${b.account}`));
      path = body.links.next;
    }
    expect(path).toBeNull();
    expect(seen.length).toBeGreaterThan(40);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers blocks by number and by hash, 400 for neither', async () => {
    const byNumber = await get('/api/v1/blocks/12');
    expect((await get(`/api/v1/blocks/${byNumber.body.hash}`)).body).toEqual(byNumber.body);
    expect((await get('/api/v1/blocks/xyz')).body._status.messages).toEqual([{ message: 'Invalid parameter: hashOrNumber' }]);
  });
});

describe('POST /api/v1/network/fees', () => {
  // Transaction{signedTransactionBytes: SignedTransaction{bodyBytes: TransactionBody{memo: "hi"}, sigMap: {sigPair: {pubKeyPrefix: 01}}}}
  const body = [0x32, 0x02, 0x68, 0x69];
  const sigMap = [0x0a, 0x03, 0x0a, 0x01, 0x01];
  const signed = [0x0a, body.length, ...body, 0x12, sigMap.length, ...sigMap];
  const transaction = Uint8Array.from([0x2a, signed.length, ...signed]);
  const post = async (type: string, payload: Uint8Array | string, query = '') => {
    const response = await fetch(`${reference.server.baseUrl}/api/v1/network/fees${query}`, { method: 'POST', headers: { 'content-type': type }, body: typeof payload === 'string' ? payload : (payload.slice().buffer as ArrayBuffer) });
    return { status: response.status, body: await response.json() };
  };

  it('estimates a protobuf transaction with the shape of the notes', async () => {
    const { status, body: estimate } = await post('application/protobuf', transaction);
    expect(status).toBe(200);
    expect(Object.keys(estimate).sort()).toEqual(['high_volume_multiplier', 'network', 'node', 'service', 'total']);
    expect(estimate.high_volume_multiplier).toBe(1);
    expect(estimate.total).toBe(estimate.node.base * 10 + estimate.service.base);
    const throttled = await post('application/x-protobuf', transaction, '?high_volume_throttle=10000&mode=STATE');
    expect(throttled.body.high_volume_multiplier).toBeGreaterThan(1);
    expect(throttled.body.service.extras.length).toBe(1);
  });

  it('refuses JSON with 415, and empty or unparsable bodies with 400', async () => {
    expect((await post('application/json', '{}')).status).toBe(415);
    expect((await post('application/protobuf', new Uint8Array())).status).toBe(400);
    const garbage = await post('application/protobuf', Uint8Array.from([0xff, 0xff, 0xff]));
    expect(garbage.status).toBe(400);
    expect(garbage.body._status.messages).toHaveLength(1);
    expect((await post('application/protobuf', transaction, '?high_volume_throttle=10001')).status).toBe(400);
  });
});
