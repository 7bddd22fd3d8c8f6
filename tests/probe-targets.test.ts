import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeTargets, type ProbeOptions } from '../src/cli/probe-targets.ts';
import { tempDir } from './production/cli-helpers.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function listen(server: Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function options(timeoutMs: number): ProbeOptions {
  return { headers: {}, secretHeaders: [], secretParams: [], timeoutMs, maxBodyBytes: 100_000, rate: Infinity, attemptLog: join(tempDir('probe'), 'attempts.log') };
}

describe('start-up probes', () => {
  it('probes the interfaces at once, not one after the other', async () => {
    // Holds every probe until all three are in: probed one at a time, the first would wait out its timeouts.
    const held: Array<() => void> = [];
    const base = await listen(createServer((_req, res) => {
      held.push(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      if (held.length === 3) held.splice(0).forEach((answer) => answer());
    }));
    const probes = await probeTargets({ baseUrl: base, statusUrl: `${base}/status/api/v2`, verifyUrl: base }, ['ledger-query', 'status', 'verify'], options(5_000));
    expect(probes.sent).toBe(3);
    expect(Object.keys(probes.answers).sort()).toEqual(['ledger-query', 'status', 'verify']);
  });

  it('names the first unreachable interface in run order', async () => {
    const open = await listen(createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}')));
    // Port 1, where nothing listens: a port closed by the test could be taken by another test's server meanwhile.
    const closed = 'http://127.0.0.1:1';
    const run = probeTargets({ baseUrl: open, statusUrl: `${closed}/status/api/v2`, verifyUrl: closed }, ['ledger-query', 'verify', 'status'], options(1_500));
    await expect(run).rejects.toThrow(/^cannot reach the verify target at http:\/\/127\.0\.0\.1:\d+ \(/);
  });
});
