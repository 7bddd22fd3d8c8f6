// reproduce.sh must send what the test sent: replayed with curl against a real loopback server,
// it gets the status the test got, long JSON bodies and binary bodies included.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/http/client.ts';
import type { Exchange } from '../src/http/exchange.ts';
import { INLINE_BODY_LIMIT, writeReproducer } from '../src/report/reproducer.ts';

// Asynchronous on purpose: the answering server lives in this process.
const run = promisify(execFile);
let server: Server;
let base: string;

beforeAll(async () => {
  // Answers 200 only for a body it can read whole: JSON with a 40,000-character `data`, or the exact bytes 0a ff 00.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let ok = false;
      if (req.url === '/json') {
        try {
          ok = (JSON.parse(raw.toString('utf8')) as { data: string }).data.length === 40_000;
        } catch {
          ok = false;
        }
      } else ok = raw.toString('hex') === '0aff00';
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end(JSON.stringify({ ok }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function exchangesSent(): Promise<Exchange[]> {
  const recorded: Exchange[] = [];
  const client = createClient({ headers: {}, timeoutMs: 5_000, throttle: { maxRetries: 0, maxWaitMs: 0 }, hooks: { beforeSend: async () => {}, onExchange: (ex) => recorded.push(ex) } });
  await client.send({ method: 'POST', base, url: '/json', body: { data: 'ab'.repeat(20_000) } });
  await client.send({ method: 'POST', base, url: '/json', body: { data: 'short' } });
  await client.send({ method: 'POST', base, url: '/bin', body: Uint8Array.from([0x0a, 0xff, 0x00]), contentType: 'application/octet-stream' });
  return recorded;
}

/** The status line of every answer in curl -i output, in order. */
function statuses(curlOutput: string): number[] {
  return [...curlOutput.matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)].map((m) => Number(m[1]));
}

describe('reproducers', () => {
  it('replays a long JSON body and a binary body from files and gets the statuses the client got', async () => {
    const sent = await exchangesSent();
    expect(sent.map((ex) => ex.status)).toEqual([200, 400, 200]);
    expect(sent[0]!.requestBody!.length).toBeGreaterThan(INLINE_BODY_LIMIT);
    const dir = join(mkdtempSync(join(tmpdir(), 'lc-reproducer-')), 'a test');
    const { curls } = writeReproducer(sent, dir);

    const script = readFileSync(join(dir, 'reproduce.sh'), 'utf8');
    expect(script).toContain("--data-binary '@request-1.body'");
    expect(script).toContain(`--data-binary '{"data":"short"}'`);
    expect(readFileSync(join(dir, 'request-1.body'), 'utf8')).toBe(sent[0]!.requestBody);
    // Run from another directory: the script finds its body files beside itself.
    expect(statuses((await run('sh', [join(dir, 'reproduce.sh')], { cwd: tmpdir() })).stdout)).toEqual([200, 400, 200]);
    // Each single curl line (as the summary shows it) runs from anywhere too.
    for (const [i, curl] of curls.entries()) {
      expect(statuses((await run('sh', ['-c', curl], { cwd: tmpdir() })).stdout)).toEqual([sent[i]!.status]);
    }
  });

  it('keeps bodies inline when there is no report directory', async () => {
    const sent = await exchangesSent();
    const { script } = writeReproducer(sent.slice(1, 2));
    expect(script).toContain(`--data-binary '{"data":"short"}'`);
  });

});
