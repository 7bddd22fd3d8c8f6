import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { registerContractCallRoute } from '../evm/contract-call-route.ts';
import { createMemoryContractStore } from '../contract-store.ts';
import {
  FIXTURE_DEPLOYER,
  FIXTURE_SECOND_HOLDER,
  FIXTURE_VAULT_BENEFICIARY,
  FIXTURE_VAULT_THRESHOLD,
  functionSelector,
  loadContractDeployments,
} from '../../fixtures/contracts/deployments.ts';

const LATEST_BLOCK = 199;
const deployments = loadContractDeployments();
const addressOf = (name: string) => deployments.find((d) => d.name === name)!.evmAddress;
const word = (value: bigint | string) => (typeof value === 'bigint' ? value.toString(16) : value.replace(/^0x/, '')).padStart(64, '0');
const calldata = (contract: string, signature: string, ...args: Array<bigint | string>) =>
  functionSelector(contract, signature) + args.map(word).join('');

function decodeString(result: string, offsetWord = 0): string {
  const hex = result.slice(2);
  const offset = Number(BigInt(`0x${hex.slice(offsetWord * 64, offsetWord * 64 + 64)}`)) * 2;
  const length = Number(BigInt(`0x${hex.slice(offset, offset + 64)}`));
  return Buffer.from(hex.slice(offset + 64, offset + 64 + length * 2), 'hex').toString('utf8');
}

let app: FastifyInstance;
let baseUrl: string;

async function call(body: unknown, contentType = 'application/json') {
  const response = await fetch(`${baseUrl}/api/v1/contracts/call`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  app = Fastify();
  await registerContractCallRoute(app, { store: createMemoryContractStore(deployments, LATEST_BLOCK) });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
});

describe('contract call against the fixture contracts', () => {
  it('returns the token balances the constructor leaves: supply minus the grant, and the grant', async () => {
    const token = addressOf('FixtureToken');
    const deployer = await call({ to: token, data: calldata('FixtureToken', 'balanceOf(address)', FIXTURE_DEPLOYER) });
    const second = await call({ to: token, data: calldata('FixtureToken', 'balanceOf(address)', FIXTURE_SECOND_HOLDER) });
    expect(deployer.status).toBe(200);
    expect(BigInt(deployer.body.result)).toBe((1_000_000n - 2_500n) * 10n ** 8n);
    expect(BigInt(second.body.result)).toBe(2_500n * 10n ** 8n);
  });

  it('leaves no trace of a call that writes: the next calls at that block see the stored state', async () => {
    const token = addressOf('FixtureToken');
    const balanceOf = (holder: string) => call({ to: token, data: calldata('FixtureToken', 'balanceOf(address)', holder) });
    await balanceOf(FIXTURE_SECOND_HOLDER);
    const moved = 1_000n * 10n ** 8n;
    const transfer = await call({ to: token, from: FIXTURE_DEPLOYER, data: calldata('FixtureToken', 'transfer(address,uint256)', FIXTURE_SECOND_HOLDER, moved) });
    expect(transfer.status).toBe(200);
    expect(BigInt(transfer.body.result)).toBe(1n);
    expect(BigInt((await balanceOf(FIXTURE_SECOND_HOLDER)).body.result)).toBe(2_500n * 10n ** 8n);
    expect(BigInt((await balanceOf(FIXTURE_DEPLOYER)).body.result)).toBe((1_000_000n - 2_500n) * 10n ** 8n);
  });

  it('returns decimals() = 8 and the symbol string', async () => {
    const token = addressOf('FixtureToken');
    expect(BigInt((await call({ to: token, data: calldata('FixtureToken', 'decimals()') })).body.result)).toBe(8n);
    expect(decodeString((await call({ to: token, data: calldata('FixtureToken', 'symbol()') })).body.result)).toBe('FXT');
  });

  it('reads stored state through views: entry count, an entry, a walk over all entries', async () => {
    const registry = addressOf('FixtureRegistry');
    expect(BigInt((await call({ to: registry, data: calldata('FixtureRegistry', 'entryCount()') })).body.result)).toBe(3n);
    expect(decodeString((await call({ to: registry, data: calldata('FixtureRegistry', 'entry(uint256)', 1n) })).body.result)).toBe('beta');
    const total = await call({ to: registry, data: calldata('FixtureRegistry', 'totalEntryLength()') });
    expect(BigInt(total.body.result)).toBe(BigInt('alpha'.length + 'beta'.length + 'gamma'.length));
    const described = (await call({ to: registry, data: calldata('FixtureRegistry', 'describe()') })).body.result as string;
    expect(decodeString(described, 0)).toBe('conformance registry');
    expect(BigInt(`0x${described.slice(2 + 64, 2 + 128)}`)).toBe(3n);
    expect(`0x${described.slice(2 + 128 + 24, 2 + 192)}`).toBe(FIXTURE_DEPLOYER);
  });

  it('returns the immutables set from constructor arguments', async () => {
    const vault = addressOf('FixtureVault');
    const threshold = await call({ to: vault, data: calldata('FixtureVault', 'threshold()') });
    const beneficiary = await call({ to: vault, data: calldata('FixtureVault', 'beneficiary()') });
    expect(BigInt(threshold.body.result)).toBe(FIXTURE_VAULT_THRESHOLD);
    expect(`0x${beneficiary.body.result.slice(-40)}`).toBe(FIXTURE_VAULT_BENEFICIARY);
    const above = await call({ to: vault, data: calldata('FixtureVault', 'isAbove(uint256)', FIXTURE_VAULT_THRESHOLD + 1n) });
    expect(BigInt(above.body.result)).toBe(1n);
  });

  it('answers a revert with 400, the reason in detail and the Error(string) data', async () => {
    const guard = addressOf('FixtureGuard');
    const response = await call({ to: guard, data: calldata('FixtureGuard', 'check(uint256)', 101n) });
    expect(response.status).toBe(400);
    const [message] = response.body._status.messages;
    expect(message.message).toBe('CONTRACT_REVERT_EXECUTED');
    expect(message.detail).toBe('FixtureGuard: value above limit');
    expect(message.data).toMatch(/^0x08c379a0[0-9a-f]+$/);
    const fine = await call({ to: guard, data: calldata('FixtureGuard', 'check(uint256)', 40n) });
    expect(BigInt(fine.body.result)).toBe(60n);
  });

  it('answers an unknown selector with a revert whose data is null, never ""', async () => {
    const response = await call({ to: addressOf('FixtureGuard'), data: '0xdeadbeef' });
    expect(response.status).toBe(400);
    expect(response.body._status.messages[0].message).toBe('CONTRACT_REVERT_EXECUTED');
    expect(response.body._status.messages[0].data).toBeNull();
  });

  it('answers a call without return data with a result that matches the contract pattern', async () => {
    const response = await call({ to: addressOf('FixtureGuard'), data: calldata('FixtureGuard', 'ping()') });
    expect(response.status).toBe(200);
    expect(response.body.result).toMatch(/^0x[0-9a-fA-F]+$/);
    expect(BigInt(response.body.result)).toBe(0n);
  });

  it('estimates gas as a hex amount above the intrinsic gas and within the gas limit', async () => {
    const response = await call({ to: addressOf('FixtureToken'), data: calldata('FixtureToken', 'balanceOf(address)', FIXTURE_DEPLOYER), estimate: true, gas: 100_000 });
    expect(response.status).toBe(200);
    expect(response.body.result).toMatch(/^0x[0-9a-f]+$/);
    const gas = BigInt(response.body.result);
    expect(gas).toBeGreaterThan(21_000n);
    expect(gas).toBeLessThanOrEqual(100_000n);
  });

  it('answers gas below the need with INSUFFICIENT_GAS, not a validation error', async () => {
    const guard = addressOf('FixtureGuard');
    for (const gas of [0, 21_000, 60_000]) {
      const response = await call({ to: guard, data: calldata('FixtureGuard', 'burn(uint256)', 2_000n), gas });
      expect(response.status).toBe(400);
      expect(response.body._status.messages[0].message).toBe('INSUFFICIENT_GAS');
    }
  });

  it('answers an address without code with 404 and the error body', async () => {
    const response = await call({ to: '0x00000000000000000000000000000000000f4240', data: '0x' + '00'.repeat(4) });
    expect(response.status).toBe(404);
    expect(response.body._status.messages).toHaveLength(1);
  });

  it('answers repeats as the first time, and tells apart calls that differ only in from, value or gas (outcomes are remembered)', async () => {
    const token = addressOf('FixtureToken');
    // More than the second holder has (2,500 tokens of 8 decimals), less than the deployer's balance.
    const transfer = { to: token, data: calldata('FixtureToken', 'transfer(address,uint256)', FIXTURE_DEPLOYER, 10_000n * 10n ** 8n) };
    const decimals = { to: token, data: calldata('FixtureToken', 'decimals()') };
    const bodies = [{ ...transfer, from: FIXTURE_DEPLOYER }, { ...transfer, from: FIXTURE_SECOND_HOLDER }, decimals, { ...decimals, value: 1 }, { ...decimals, gas: 21_100 }];
    const first = [];
    for (const body of bodies) first.push(await call(body));
    expect(first.map((a) => a.status)).toEqual([200, 400, 200, 400, 400]);
    expect(BigInt(first[0].body.result)).toBe(1n);
    const again = [];
    for (const body of [...bodies].reverse()) again.push(await call(body));
    expect(again.reverse()).toEqual(first);
  });
});

describe('contract call block selection', () => {
  const token = addressOf('FixtureToken');
  const decimals = () => calldata('FixtureToken', 'decimals()');

  it('sees the contract from its deploy block on, not before', async () => {
    expect((await call({ to: token, data: decimals(), block: '0xc' })).status).toBe(200);
    expect((await call({ to: token, data: decimals(), block: 'b' })).status).toBe(404);
    expect((await call({ to: token, data: decimals(), block: 'earliest' })).status).toBe(404);
    expect((await call({ to: token, data: decimals(), block: 'pending' })).status).toBe(200);
  });

  it('refuses a block after the latest with 400', async () => {
    const response = await call({ to: token, data: decimals(), block: '0x' + (LATEST_BLOCK + 1).toString(16) });
    expect(response.status).toBe(400);
    expect(response.body._status.messages[0].message).toMatch(/block/);
  });
});

describe('contract call validation (contract 4.3)', () => {
  const token = addressOf('FixtureToken');
  const valid = { to: token, data: calldata('FixtureToken', 'decimals()') };

  it.each([
    ['to', { data: valid.data }],
    ['to', { ...valid, to: '0x1234' }],
    ['to', { ...valid, to: 123 }],
    ['from', { ...valid, from: 'not-an-address' }],
    ['block', { ...valid, block: 'finalized' }],
    ['data', { ...valid, data: '0xzz' }],
    ['data', { ...valid, data: '0x' + 'ab'.repeat(131072) + '0' }],
    ['gas', { ...valid, gas: -1 }],
    ['gas', { ...valid, gas: 1.5 }],
    ['gas', { ...valid, gas: '100000' }],
    ['gasPrice', { ...valid, gasPrice: -5 }],
    ['value', { ...valid, value: -1 }],
    ['estimate', { ...valid, estimate: 'yes' }],
  ])('rejects an invalid %s with 400 and a message naming it', async (field, body) => {
    const response = await call(body);
    expect(response.status).toBe(400);
    expect(response.body._status.messages).toHaveLength(1);
    expect(response.body._status.messages[0].message).toBe(`Invalid parameter: ${field}`);
  });

  it('accepts data of exactly 262146 characters (it reaches the EVM)', async () => {
    const response = await call({ to: token, data: '0x' + 'ab'.repeat(131072) });
    expect(response.body._status?.messages?.[0]?.message).toBe('CONTRACT_REVERT_EXECUTED');
  });

  it('treats null as the default and ignores unknown properties', async () => {
    const response = await call({ ...valid, block: null, from: null, gas: null, gasPrice: null, value: null, estimate: null, colour: 'blue' });
    expect(response.status).toBe(200);
    expect(BigInt(response.body.result)).toBe(8n);
  });

  it('accepts the int64 maximum as gas, value and gasPrice, and refuses 2^64', async () => {
    const ok = await call(`{"to":"${token}","data":"${valid.data}","gas":9223372036854775807,"gasPrice":9223372036854775807}`);
    expect(ok.status).toBe(200);
    const tooBig = await call(`{"to":"${token}","data":"${valid.data}","gas":18446744073709551616}`);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body._status.messages[0].message).toBe('Invalid parameter: gas');
  });

  it('accepts addresses without 0x and in upper case', async () => {
    const response = await call({ to: token.slice(2).toUpperCase(), data: valid.data, from: FIXTURE_DEPLOYER.toUpperCase().replace('0X', '0x') });
    expect(response.status).toBe(200);
  });

  it('answers a body that is not application/json with 415', async () => {
    expect((await call(JSON.stringify(valid), 'text/plain')).status).toBe(415);
  });

  it('answers a body over the size limit with 413 and the error body', async () => {
    const response = await call({ to: token, data: '0x' + 'ab'.repeat(600_000) });
    expect(response.status).toBe(413);
    expect(response.body._status.messages[0].message).toBe('Payload Too Large');
  });

  it('answers malformed JSON with 400 and the error body', async () => {
    const response = await call('{"to": ', 'application/json');
    expect(response.status).toBe(400);
    expect(response.body._status.messages[0].message).toEqual(expect.any(String));
  });

  const hexText = (minLength = 0) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength });

  it('never answers a client body with a 5xx, and every error data matches the pattern', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { to: fc.oneof(fc.constant(token), fc.string()), data: fc.oneof(hexText(), fc.string(), fc.constant(null)), gas: fc.oneof(fc.integer(), fc.double(), fc.constant(null)), block: fc.oneof(fc.string(), hexText(1)), value: fc.anything() },
          { requiredKeys: [] },
        ),
        async (body) => {
          const response = await call(body);
          expect(response.status).toBeLessThan(500);
          for (const message of response.body._status?.messages ?? []) {
            if (message.data !== null && message.data !== undefined) expect(message.data).toMatch(/^0x[0-9a-fA-F]+$/);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
