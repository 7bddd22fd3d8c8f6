import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, runCliProcess as runCli, tempDir, type CliResult } from '../production/cli-helpers.ts';

// Secrets with characters that change under URL, JSON and base64 encoding.
const TOKEN = 'SECRET-TOKEN-123"\\q/+=';
const API_KEY = 'key/with+plus=and&amp';
const UPSTREAM = 'UPSTREAM-SECRET-9';
const SESSION = 'SESSION-SECRET-55';
const COOKIE = 'COOKIE-SECRET-31';

/** Every form the test looks for: raw, URL-encoded, JSON-escaped, base64 at each alignment, and prefixes long enough to identify. */
function leakForms(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), secret.slice(0, 9)];
  for (let lead = 0; lead < 3; lead++) forms.push(Buffer.from('x'.repeat(lead) + secret).toString('base64').slice(4, 12));
  return forms;
}

/**
 * A hostile status target: every answer echoes the request's headers and query back in the body
 * (raw, URL-encoded, base64, and with the token placed where the harness cuts answer text), in
 * response headers, in a cookie, and in redirects carrying a session token in the query.
 */
function echoServer(): Server {
  return createServer((req, res) => {
    const auth = String(req.headers.authorization ?? '');
    const key = String(req.headers['x-api-key'] ?? '');
    const echo = {
      // Text cut at 120 or 200 characters would end inside the token.
      text: `${'x'.repeat(110)}${auth} ${'y'.repeat(60)}${key}`,
      headers: req.headers,
      query: req.url,
      encoded: encodeURIComponent(auth),
      base64: Buffer.from(`a${auth}`).toString('base64'),
      base64key: Buffer.from(`ab${key}`).toString('base64'),
      upstream: UPSTREAM,
      session: `see /next?session_token=${SESSION}`,
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-echo-auth': auth,
      'x-upstream-token': UPSTREAM,
      'set-cookie': `sid=${COOKIE}; Path=/`,
    };
    // Answers whose text the checks quote, cut at a few hundred characters: the token sits across the cut.
    if (req.url?.endsWith('/components.json')) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`${'z'.repeat(185)}${auth}`);
      return;
    }
    if (req.url?.endsWith('/status.json')) {
      res.writeHead(200, headers).end(JSON.stringify({ page: { id: `${'p'.repeat(100)}${auth}` }, status: { indicator: `${'i'.repeat(105)}${auth}`, description: auth } }));
      return;
    }
    if (req.url?.includes('incidents')) {
      headers.location = `/elsewhere?session_token=${SESSION}&auth=${encodeURIComponent(auth)}`;
      res.writeHead(302, headers).end(JSON.stringify(echo));
      return;
    }
    res.writeHead(200, headers).end(JSON.stringify(echo));
  });
}

describe('secrets echoed back by a hostile target never reach the reports or the console', () => {
  let server: Server;
  let result: CliResult;
  const dir = tempDir('chaos-secrets');

  beforeAll(async () => {
    server = echoServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status/api/v2`;
    result = await runCli([
      'run', '--only', 'status', '--status-url', url, '--seed', '4', '--report-dir', dir,
      '--header', `Authorization: Bearer ${TOKEN}`, '--header', `X-Api-Key: ${API_KEY}`,
      '--secret-header', 'x-upstream-token', '--secret-param', 'session_token',
    ], 100_000);
  }, 110_000);
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('ran the suite and wrote its evidence: failures with answer bodies and reproducers', () => {
    expect(result.code, result.stderr).toBe(1);
    const files = filesUnder(dir);
    expect(files.some((f) => f.endsWith('reproduce.sh'))).toBe(true);
    expect(files.some((f) => readFileSync(f, 'latin1').includes('<redacted>'))).toBe(true);
  });

  it('leaves no form of any secret in any file under the report directory, nor on stdout or stderr', () => {
    const outputs: Array<[string, string]> = [['stdout', result.stdout], ['stderr', result.stderr], ...filesUnder(dir).map((f): [string, string] => [f, readFileSync(f, 'latin1')])];
    const leaks: string[] = [];
    for (const secret of [TOKEN, API_KEY, UPSTREAM, SESSION, COOKIE]) {
      for (const form of leakForms(secret)) {
        for (const [where, text] of outputs) if (text.includes(form)) leaks.push(`${JSON.stringify(form)} in ${where}`);
      }
    }
    expect([...new Set(leaks)]).toEqual([]);
  });
});
