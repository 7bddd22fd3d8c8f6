import { describe, expect, it } from 'vitest';
import { buildRunConfig, headersFromEnv, parseFlags } from '../src/config/parse-args.ts';
import { isLoopbackUrl } from '../src/config/base-url.ts';
import { resolveConfig } from '../src/harness/resolve-config.ts';
import { parseSelfCheckArgs } from '../src/cli/self-check-args.ts';

const targets = { baseUrl: 'https://mirror.example', statusUrl: 'http://127.0.0.1:5/status/api/v2', verifyUrl: 'http://localhost:7' };

describe('run configuration', () => {
  it('takes targets from flags over environment, without trailing slashes', () => {
    const run = buildRunConfig(parseFlags(['--base-url', 'http://127.0.0.1:8080/', '--status-url=https://s.example/api/v2']), {
      BASE_URL: 'http://ignored.example',
      VERIFY_URL: 'http://127.0.0.1:9000',
    });
    expect(run.targets).toEqual({ baseUrl: 'http://127.0.0.1:8080', statusUrl: 'https://s.example/api/v2', verifyUrl: 'http://127.0.0.1:9000' });
  });

  // A base given with its interface's path prefix names the same service. The versioning check sends
  // the query service's paths without /api/v1: on a base that kept the prefix they went to
  // /api/v1/schedules, and a correct service failed LQ-9-path-prefix; every verification path starts
  // with /v2/verify: kept in the base, it was sent as /v2/verify/v2/verify/...
  it.each([
    ['--base-url', 'BASE_URL', 'baseUrl', 'http://127.0.0.1:8080/api/v1', 'http://127.0.0.1:8080'],
    ['--base-url', 'BASE_URL', 'baseUrl', 'https://mirror.example/api/v1/', 'https://mirror.example'],
    ['--base-url', 'BASE_URL', 'baseUrl', 'https://gateway.example/mirror/api/v1', 'https://gateway.example/mirror'],
    ['--base-url', 'BASE_URL', 'baseUrl', 'https://gateway.example/xapi/v1', 'https://gateway.example/xapi/v1'],
    ['--base-url', 'BASE_URL', 'baseUrl', 'https://gateway.example/api/v1/more', 'https://gateway.example/api/v1/more'],
    ['--verify-url', 'VERIFY_URL', 'verifyUrl', 'https://sourcify.example/server/v2/verify', 'https://sourcify.example/server'],
    ['--verify-url', 'VERIFY_URL', 'verifyUrl', 'http://127.0.0.1:5555/v2/verify/', 'http://127.0.0.1:5555'],
    ['--verify-url', 'VERIFY_URL', 'verifyUrl', 'https://sourcify.example/server', 'https://sourcify.example/server'],
    ['--verify-url', 'VERIFY_URL', 'verifyUrl', 'https://sourcify.example/v2/verifyx', 'https://sourcify.example/v2/verifyx'],
  ] as const)('%s (env %s, %s) given as %s is taken as the address before its path prefix, %s', (flag, env, key, given, root) => {
    expect(buildRunConfig(parseFlags([flag, given]), {}).targets[key]).toBe(root);
    expect(buildRunConfig(parseFlags([]), { [env]: given }).targets[key]).toBe(root);
  });

  it('merges headers from CONFORMANCE_HEADERS and --header, flags winning, names lower-cased', () => {
    const run = buildRunConfig(parseFlags(['--header', 'Authorization: Bearer flag']), {
      CONFORMANCE_HEADERS: '{"Authorization":"Bearer env","X-Tenant":"t1"}',
    });
    expect(run.headers).toEqual({ authorization: 'Bearer flag', 'x-tenant': 't1' });
    expect(headersFromEnv('X-A: 1\nX-B: two words')).toEqual({ 'x-a': '1', 'x-b': 'two words' });
  });

  it('keeps every --expectations file, in order, and none when the flag is not given', () => {
    expect(buildRunConfig(parseFlags(['--expectations', 'a.yaml', '--expectations', 'b.yaml']), {}).expectationsFiles).toEqual(['a.yaml', 'b.yaml']);
    expect(buildRunConfig(parseFlags([]), {}).expectationsFiles).toEqual([]);
  });

  it('reads seed, depth, rate, budget and interface selection', () => {
    const run = buildRunConfig(parseFlags(['--seed', '42', '--depth', '7', '--rate', '2.5', '--max-requests', '90', '--only', 'status,verify']), {});
    expect(run).toMatchObject({ seed: 42, depth: 7, rate: 2.5, maxRequests: 90, only: ['status', 'verify'] });
  });

  it.each([
    [['--nope'], /unknown option "--nope"/],
    [['--base-url'], /--base-url needs a value/],
    [['--base-url', 'ftp://x'], /must be an http or https URL/],
    [['--base-url', 'not a url'], /is not a URL/],
    [['--depth', '0'], /--depth must be a positive integer/],
    [['--rate', 'fast'], /--rate must be a positive number/],
    [['--workers', '0'], /--workers must be a positive integer/],
    [['--only', 'ledger'], /--only takes ledger-query\|status\|verify/],
    [['--header', 'no colon here'], /--header takes "Name: value"/],
    [['--seed', '1.5'], /--seed must be an integer/],
    [['--shard', '3/2'], /index is above the shard count/],
    [['--allow-writes=yes'], /takes no value/],
    [['--seed', '--depth', '3'], /--seed needs a value/],
  ])('rejects %j with one clear message', (argv, message) => {
    expect(() => buildRunConfig(parseFlags(argv as string[]), {})).toThrow(message);
  });

  it('reads --seed the same way in run and self-check: up to 20 digits, kept as given', () => {
    const twenty = '12345678901234567890';
    const run = buildRunConfig(parseFlags(['--seed', twenty]), {});
    expect(run.seedText).toBe(twenty);
    expect(Number.isSafeInteger(run.seed)).toBe(true);
    expect(parseSelfCheckArgs(['--seed', twenty]).seed).toBe(twenty);
    expect(parseSelfCheckArgs([]).seed).toBe('20261122');
    for (const bad of ['123456789012345678901', '1.5']) {
      const message = `--seed must be an integer of at most 20 digits, got "${bad}"`;
      expect(() => buildRunConfig(parseFlags(['--seed', bad]), {})).toThrow(message);
      expect(() => parseSelfCheckArgs(['--seed', bad])).toThrow(message);
    }
  });

  it('treats only loopback targets as ours; --treat-as-remote and remote targets get production defaults', () => {
    expect(isLoopbackUrl('http://127.0.0.1:1')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:80')).toBe(true);
    expect(isLoopbackUrl('https://localhost.example.com')).toBe(false);
    const remote = resolveConfig(buildRunConfig({}, {}), targets, { embedded: false });
    expect(remote.loopback).toEqual({ 'ledger-query': false, status: true, verify: true });
    expect(remote.effectiveRate).toBe(5);
    expect(remote.effectiveMaxRequests).toBe(5000);
    const local = resolveConfig(buildRunConfig(parseFlags(['--only', 'status']), {}), targets, { embedded: false });
    expect(local.effectiveRate).toBe(Infinity);
    const forced = resolveConfig(buildRunConfig(parseFlags(['--only', 'status', '--treat-as-remote']), {}), targets, { embedded: false });
    expect(forced.loopback.status).toBe(false);
    expect(forced.effectiveRate).toBe(5);
  });

  it('runs the files on loopback in one worker, in two with verify and another interface, and in four against a distant target, unless --workers says', () => {
    const workers = (argv: string[]) => resolveConfig(buildRunConfig(parseFlags(argv), {}), targets, { embedded: false }).effectiveWorkers;
    const loopback = resolveConfig(buildRunConfig(parseFlags([]), {}), { baseUrl: 'http://127.0.0.1:1', statusUrl: 'http://127.0.0.1:1', verifyUrl: 'http://127.0.0.1:1' }, { embedded: true }).effectiveWorkers;
    expect(loopback).toBe(2);
    expect(workers(['--only', 'status'])).toBe(1);
    expect(workers([])).toBe(4);
    expect(workers(['--only', 'status', '--treat-as-remote'])).toBe(4);
    expect(workers(['--only', 'status', '--workers', '3'])).toBe(3);
    expect(workers(['--workers', '1'])).toBe(1);
  });
});
