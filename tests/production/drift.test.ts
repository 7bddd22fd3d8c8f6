import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectDrift, DOCUMENT_RULES, NO_SERVER_ERROR_RULE } from '../../src/drift/collect-drift.ts';
import { compareDocuments, type DriftFinding } from '../../src/drift/compare-documents.ts';
import type { DriftRuleEntry } from '../../src/drift/drift-report.ts';
import { fetchPublishedDocument, PUBLISHED_DOCUMENT_PATH } from '../../src/drift/published-document.ts';
import { createClient } from '../../src/http/client.ts';
import type { Node } from '../../src/drift/schema-view.ts';
import { readSpecDocument, specPath } from '../../specs/load-spec.ts';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { ruleRows, runCli, startProxy, tempDir, type CliResult, type LoopbackProxy } from './cli-helpers.ts';

const FIXTURE = readFileSync(new URL('./fixtures/published-openapi.yml', import.meta.url), 'utf8');

describe('comparing a published OpenAPI document with the contract', () => {
  let findings: DriftFinding[];
  const on = (rule: string) => findings.filter((f) => f.rules.includes(rule));

  beforeAll(async () => {
    const ours = (await readSpecDocument(specPath('ledger-query'))) as unknown as Node;
    findings = compareDocuments(ours, parseYaml(FIXTURE) as Node, DOCUMENT_RULES);
  });

  it('finds each deliberate disagreement under the rule it concerns', () => {
    expect(on('LQ-9-definition-version')).toMatchObject([{ aspect: 'definition version', contract: '0.154.0', published: '0.150.0' }]);
    expect(on('LQ-4.1-limit-range')).toMatchObject([{ operation: 'GET /api/v1/schedules', where: 'query parameter limit', aspect: 'maximum', contract: '100', published: '1000' }]);
    expect(on('LQ-4.1-schedule-id-pattern')).toMatchObject([{ where: 'query parameter schedule.id', aspect: 'missing parameter' }]);
    expect(on('LQ-4.2-timestamp-pattern')).toMatchObject([{ where: 'query parameter timestamp', aspect: 'pattern', published: '^((eq|gt|gte|lt|lte):)?\\d{1,10}(\\.\\d{1,9})?$' }]);
    expect(on('LQ-2.3-transaction-fields')).toContainEqual(expect.objectContaining({ where: 'response 200 transactions[].max_fee', aspect: 'type', contract: 'integer', published: 'string' }));
    expect(on('LQ-4.3-gas-minimum')).toMatchObject([{ operation: 'POST /api/v1/contracts/call', where: 'request body gas', aspect: 'minimum', contract: '0', published: '21000' }]);
    expect(on('LQ-4.3-to-required')).toMatchObject([{ where: 'request body to', aspect: 'required', published: 'optional' }]);
    expect(on('LQ-7-not-found-single-message')).toMatchObject([{ operation: 'GET /api/v1/topics/{topicId}', where: 'response 404', aspect: 'missing response' }]);
  });

  it('says nothing where the documents agree, even in another spelling (3.0 nullable, $ref, other path parameter names)', () => {
    for (const rule of ['LQ-4.1-account-id-pattern', 'LQ-4.1-order-enum', 'LQ-4.1-order-default-asc', 'LQ-4.5-topic-id-entity-id', 'LQ-4.3-gas-default', 'LQ-4.1-limit-default']) {
      expect(on(rule).filter((f) => f.aspect !== 'missing operation'), rule).toEqual([]);
    }
    expect(on('LQ-4.3-gas-minimum').map((f) => f.aspect)).toEqual(['minimum']);
  });

  it('counts an operation the document lacks against the rule that says it exists', () => {
    expect(on('LQ-4.6-endpoints-answer')).toContainEqual(expect.objectContaining({ operation: 'GET /api/v1/blocks', aspect: 'missing operation' }));
    expect(findings.filter((f) => f.operation === 'GET /api/v1/schedules' && f.aspect === 'missing operation')).toEqual([]);
  });

  it('reads the document through the bounded client: one larger than the body cap is not read', async () => {
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/yaml' }).end(`openapi: 3.0.0\npaths: {}\npad: "${'x'.repeat(200_000)}"\n`));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = createClient({ headers: {}, timeoutMs: 5000, maxBodyBytes: 100_000, throttle: { maxRetries: 0, maxWaitMs: 0 }, hooks: { beforeSend: async () => {}, onExchange: () => {} } });
      const published = await fetchPublishedDocument(client, base);
      expect(published).toMatchObject({ status: 'unreadable' });
      expect((published as { message: string }).message).toMatch(/100000 bytes/);
    } finally {
      server.close();
    }
  });

  it('tells a target without a document apart from an error', async () => {
    const server = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"_status":{"messages":[{"message":"Not found"}]}}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = createClient({ headers: {}, timeoutMs: 5000, throttle: { maxRetries: 0, maxWaitMs: 0 }, hooks: { beforeSend: async () => {}, onExchange: () => {} } });
      expect(await fetchPublishedDocument(client, base)).toMatchObject({
        status: 'not-published',
        message: `the target publishes no OpenAPI document at ${base}${PUBLISHED_DOCUMENT_PATH} (answered 404)`,
      });
    } finally {
      server.close();
    }
  });
});

describe('run --drift against a target that publishes its document', () => {
  let server: ReferenceServer;
  let proxy: LoopbackProxy;
  let result: CliResult;
  const dir = tempDir('drift');

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startProxy(server.baseUrl, {
      intercept: (req) => (req.url === PUBLISHED_DOCUMENT_PATH ? { status: 200, headers: { 'content-type': 'application/yaml' }, body: FIXTURE } : undefined),
    });
    // A small budget keeps the run short: most checks are not evaluated, and their verdicts say so next to the drift.
    result = await runCli(['run', '--no-html', '--only', 'ledger-query', '--base-url', proxy.url, '--treat-as-remote', '--rate', '200', '--max-requests', '30', '--seed', '3', '--drift', '--report-dir', dir]);
  }, 170_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('writes drift.txt and drift.json per rule, each next to the live verdict of this run', () => {
    expect(result.code).toBe(3);
    const drift = JSON.parse(readFileSync(join(dir, 'drift.json'), 'utf8')) as { status: string; publishedVersion: string; rules: DriftRuleEntry[] };
    expect(drift).toMatchObject({ status: 'compared', publishedVersion: '0.150.0' });
    const rows = ruleRows(dir);
    const text = readFileSync(join(dir, 'drift.txt'), 'utf8');
    for (const rule of ['LQ-4.1-limit-range', 'LQ-2.3-transaction-fields', 'LQ-4.3-gas-minimum', 'LQ-9-definition-version']) {
      const entry = drift.rules.find((r) => r.rule === rule);
      expect(entry?.verdict, rule).toBe(rows.get(rule)?.verdict);
      expect(text).toContain(`${rule}  (live: ${entry!.verdict})`);
    }
    expect(text).toContain('GET /api/v1/schedules  query parameter limit  maximum: contract 100; published 1000');
  });

  it('mentions the drift in the summary and counts the document fetch as a request of the run', () => {
    expect(result.stdout).toMatch(/drift: \d+ disagreement\(s\) over \d+ rule\(s\) between the published document and the contract: see .*drift\.txt/);
    expect(proxy.log.filter((e) => e.url === PUBLISHED_DOCUMENT_PATH).length).toBeGreaterThanOrEqual(1);
    expect(proxy.log.length).toBeLessThanOrEqual(30);
    expect(result.stdout).toContain(`requests sent ${proxy.log.length},`);
  });
});

describe('the --drift fetch is a request of the run like the others', () => {
  const SECRET_HEADER = 'tok-HEADER-7f3a91c2';
  const SECRET_PARAM = 'tok-PARAM-55d0e8b4';

  async function serve(answer: (res: import('node:http').ServerResponse) => void): Promise<{ base: string; close(): void }> {
    const server = createServer((_req, res) => answer(res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  }

  function input(base: string, dir: string) {
    return { baseUrl: base, headers: {}, secretHeaders: ['x-session-token'], secretParams: ['session'], timeoutMs: 5000, maxBodyBytes: 100_000, rate: 100, maxRequests: 10, attemptLog: join(dir, 'attempts.log'), exchangeLog: join(dir, 'exchanges.jsonl') };
  }

  it('masks the values of --secret-header and --secret-param wherever the answer carries them', async () => {
    // The document echoes a session header's value and a session parameter in its version text.
    const target = await serve((res) => res.writeHead(200, { 'content-type': 'application/yaml', 'x-session-token': SECRET_HEADER })
      .end(`openapi: 3.0.0\ninfo:\n  version: "${SECRET_HEADER} /docs?session=${SECRET_PARAM}"\npaths: {}\n`));
    const dir = tempDir('drift-secrets');
    try {
      const data = await collectDrift(input(target.base, dir));
      expect(data.status).toBe('compared');
      expect(data.publishedVersion).toBe('<redacted> /docs?session=<redacted>');
      expect(JSON.stringify(data)).not.toMatch(/tok-/);
    } finally {
      target.close();
    }
  });

  it('reports a 5xx answer to it as a violation of the no-server-error rule, with a curl that repeats it', async () => {
    const target = await serve((res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}'));
    const dir = tempDir('drift-5xx');
    try {
      const data = await collectDrift(input(target.base, dir));
      expect(data).toMatchObject({ status: 'not-published', serverError: { rule: NO_SERVER_ERROR_RULE, request: `GET ${target.base}${PUBLISHED_DOCUMENT_PATH} -> 503` } });
      expect(data.serverError!.curl).toContain(`'${target.base}${PUBLISHED_DOCUMENT_PATH}'`);
      expect(readFileSync(join(dir, 'attempts.log'), 'utf8').trim().split('\n')).toHaveLength(1);
    } finally {
      target.close();
    }
  });
});

describe('run --drift against a target whose document fetch answers 500', () => {
  let server: ReferenceServer;
  let proxy: LoopbackProxy;
  let result: CliResult;
  const dir = tempDir('drift-500');

  beforeAll(async () => {
    server = await startReferenceServer();
    proxy = await startProxy(server.baseUrl, {
      intercept: (req) => (req.url === PUBLISHED_DOCUMENT_PATH ? { status: 500, body: '{"error":"internal"}' } : undefined),
    });
    // A small budget keeps the run short: the 500 alone must fail it.
    result = await runCli(['run', '--no-html', '--only', 'ledger-query', '--base-url', proxy.url, '--treat-as-remote', '--rate', '200', '--max-requests', '30', '--seed', '3', '--drift', '--report-dir', dir]);
  }, 170_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('fails the run on the no-server-error rule, the drift fetch as its violating exchange', () => {
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const rules = JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8')) as { rules: Array<{ id: string; verdict: string; violations: Array<{ message: string; exchange?: { request: string } }> }> };
    const rule = rules.rules.find((r) => r.id === NO_SERVER_ERROR_RULE)!;
    expect(rule.verdict).toBe('failed');
    expect(rule.violations.map((v) => v.exchange?.request)).toContain(`GET ${proxy.url}${PUBLISHED_DOCUMENT_PATH} -> 500`);
    expect(result.stdout).toMatch(/the --drift fetch of .* was answered 500/);
  });
});
