// The HTTP client and the coordinator's client take undici's dispatchers and request API from their
// own files (src/http/undici-parts.ts): requests go out as undici's package entry would send them,
// and the entry (all of undici) is not loaded.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as entryRequest } from 'undici';
import { Agent, Pool, request } from '../src/http/undici-parts.ts';
import { ROOT } from './production/cli-helpers.ts';

let base: string;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, url: req.url, body }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('undici parts', () => {
  it.each(['/api/v1/transactions', '/api/v1/transactions?limit=2&account.id=gte:0.0.1', '/a%zz/b?x=%ZZ&y=a b', '/'])('sends %s as undici\'s own request does', async (path) => {
    const agent = new Agent();
    const ours = await request(agent, `${base}${path}`, { method: 'GET' });
    const theirs = await entryRequest(`${base}${path}`, { method: 'GET', dispatcher: agent });
    expect(ours.statusCode).toBe(200);
    expect(await ours.body.json()).toEqual(await theirs.body.json());
    await agent.close();
  });

  it('sends a body through a pool', async () => {
    const pool = new Pool(base);
    const res = await request(pool, `${base}/`, { method: 'POST', body: '{"op":"x"}' });
    expect(await res.body.json()).toEqual({ method: 'POST', url: '/', body: '{"op":"x"}' });
    await pool.close();
  });

  it('leaves undici\'s package entry unloaded', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "import { createRequire } from 'node:module'; await import('./src/http/client.ts'); await import('./src/harness/coordinator-client.ts'); console.log(Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes('node_modules/undici/')).join('\\n'));"], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(child.status).toBe(0);
    const loaded = child.stdout.trim().split('\n');
    expect(loaded).toContainEqual(expect.stringMatching(/undici\/lib\/dispatcher\/agent\.js$/));
    expect(loaded).not.toContainEqual(expect.stringMatching(/undici\/index\.js$/));
  });
});
