// The contract call's int64 fields read exactly: 2^63 - 1 and 2^63 are one double apart from
// nothing, so a body parsed through doubles would take both or refuse both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerContractCallRoute } from '../evm/contract-call-route.ts';
import { createMemoryContractStore } from '../contract-store.ts';
import { functionSelector, loadContractDeployments } from '../../fixtures/contracts/deployments.ts';

const deployments = loadContractDeployments();
const token = deployments.find((d) => d.name === 'FixtureToken')!.evmAddress;
const data = functionSelector('FixtureToken', 'decimals()');

let app: FastifyInstance;
let baseUrl: string;

/** A call with one int64 field written as exact digits. */
async function callWith(field: string, digits: string) {
  const response = await fetch(`${baseUrl}/api/v1/contracts/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"to":"${token}","data":"${data}","${field}":${digits}}`,
  });
  return { status: response.status, body: (await response.json()) as { result?: string; _status?: { messages: Array<{ message: string }> } } };
}

beforeAll(async () => {
  app = Fastify();
  await registerContractCallRoute(app, { store: createMemoryContractStore(deployments, 199) });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
});

describe('contract call int64 fields, read without doubles', () => {
  it.each(['gas', 'gasPrice'])('takes %s of 2^53 + 1 and 2^63 - 1 and refuses 2^63 and -2^63 - 1 under that field', async (field) => {
    for (const digits of ['9007199254740993', '9223372036854775807']) {
      const ok = await callWith(field, digits);
      expect(ok.status, `${field}=${digits}`).toBe(200);
      expect(BigInt(ok.body.result!)).toBe(8n);
    }
    for (const digits of ['9223372036854775808', '-9223372036854775809']) {
      const refused = await callWith(field, digits);
      expect(refused.status, `${field}=${digits}`).toBe(400);
      expect(refused.body._status!.messages[0]!.message).toBe(`Invalid parameter: ${field}`);
    }
  });

  it('refuses value 2^63 as value, not as a call that ran', async () => {
    const refused = await callWith('value', '9223372036854775808');
    expect(refused.status).toBe(400);
    expect(refused.body._status!.messages[0]!.message).toBe('Invalid parameter: value');
  });
});
