import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRunConfig, parseFlags } from '../../src/config/parse-args.ts';
import { concurrencyLimit, runCliProcess as runCliNow, tempDir } from './cli-helpers.ts';
import { startReferenceServer } from '../../reference/server.ts';

/** A usage or configuration error: exit 2, one line on stderr, no stack trace, nothing on a target. */
function expectConfigError(result: { code: number | null; stderr: string }, message: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at |internal error/);
}

// Each case is one short CLI process that stops at its error: three at a time, every case with its own files.
const cliSlot = concurrencyLimit(3);
const runCli = (args: string[]) => cliSlot(() => runCliNow(args));

describe.concurrent('exit code 2: usage and configuration errors, one clear message', { timeout: 180_000 }, () => {
  it('rejects an unknown flag', async () => {
    expectConfigError(await runCli(['run', '--bogus-flag']), /unknown option "--bogus-flag"/);
  });

  it('rejects an unknown profile and names the known ones', async () => {
    // A directory of its own: a refused run clears the verdict files of the one it was given.
    expectConfigError(await runCli(['run', '--profile', 'moonnet', '--report-dir', tempDir('unknown-profile')]), /unknown profile "moonnet" \(profiles: mainnet, testnet, previewnet, local\)/);
  });

  it('stops at an unreachable target before running any test', async () => {
    const dir = tempDir('unreachable');
    const result = await runCli(['run', '--only', 'status', '--status-url', 'http://127.0.0.1:1/api/v2', '--report-dir', dir]);
    expectConfigError(result, /cannot reach the status target at http:\/\/127\.0\.0\.1:1/);
  });

  it('stops at a status URL given without the path its documents are under, naming the one that serves them', async () => {
    const server = await startReferenceServer({ statusOnly: true });
    try {
      const given = server.statusUrl.replace(/\/api\/v2$/, '');
      const result = await runCli(['run', '--only', 'status', '--status-url', given, '--report-dir', tempDir('misaddressed')]);
      expectConfigError(result, new RegExp(`answered 404 for ${given}/status\\.json, and ${server.statusUrl}/status\\.json answered 200: .*\\(--status-url ${server.statusUrl}\\)`));
      // Where no documents are served at all, the suites judge the target: not a configuration error.
      const nowhere = await runCli(['run', '--only', 'status', '--status-url', `${server.baseUrl}/nothing`, '--no-html', '--quiet', '--report-dir', tempDir('misaddressed-nowhere')]);
      expect(nowhere.code).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('stops at a malformed expectations file before contacting the target', async () => {
    const dir = tempDir('bad-expectations');
    const cases: Array<[string, RegExp]> = [
      ['expectations:\n  - rule: ST-3-indicator-enum\n    reason: r\n', /entry 1: expires must be a date YYYY-MM-DD/],
      ['- rule: ST-3-indicator-enum\n  reason: r\n  expires: 2027-02-30\n', /expires must be a date/],
      ['- rule: ST-3-indicator-enum\n  reason: r\n  expires: 2027-02-01\n  endpont: /x\n', /unknown field "endpont"/],
      ['- rule: ST-3-no-such-rule\n  reason: r\n  expires: 2027-02-01\n', /unknown rule "ST-3-no-such-rule"/],
      ['[unclosed', /cannot be read/],
    ];
    const results = await Promise.all(cases.map(([text], i) => {
      const file = join(dir, `expectations-${i + 1}.yaml`);
      writeFileSync(file, text);
      // The target is unreachable on purpose: the file must be judged first, so this is not the reported error.
      return runCli(['run', '--only', 'status', '--status-url', 'http://127.0.0.1:1/api/v2', '--expectations', file, '--report-dir', join(dir, `report-${i + 1}`)]);
    }));
    results.forEach((result, i) => expectConfigError(result, cases[i]![1]));
  });

  it('stops at a malformed known-calls file before contacting the target', async () => {
    const dir = tempDir('bad-known-calls');
    const call = '"description": "d", "to": "0x01", "data": "0x02"';
    const cases: Array<[string | undefined, RegExp]> = [
      [`[{ ${call} }]`, /known-calls file .* entry #1: expectedResult must be the hex the call returns/],
      [`[{ ${call}, "expectedResult": "0x00", "expectedRevert": true }]`, /entry #1: expectedResult must be the hex the call returns \(0x…\), unless the entry says "expectedRevert": true/],
      [`[{ "to": "0x01", "data": "0x02", "expectedRevert": true }]`, /entry #1: description must be a text/],
      ['{"calls": []}', /the document must be array/],
      ['[unclosed', /is not JSON/],
      [undefined, /cannot be read/],
    ];
    const results = await Promise.all(cases.map(([text], i) => {
      const path = join(dir, text === undefined ? 'missing.json' : `known-calls-${i + 1}.json`);
      if (text !== undefined) writeFileSync(path, text);
      return runCli(['run', '--only', 'ledger-query', '--base-url', 'http://127.0.0.1:1', '--known-calls', path, '--report-dir', join(dir, `report-${i + 1}`)]);
    }));
    results.forEach((result, i) => expectConfigError(result, cases[i]![1]));
  });

  it('merge-reports without results is a configuration error too', async () => {
    const dir = tempDir('merge-empty');
    const [noResults, noInto] = await Promise.all([runCli(['merge-reports', '--into', join(dir, 'out'), join(dir, 'shard-1')]), runCli(['merge-reports', join(dir, 'shard-1')])]);
    expectConfigError(noResults, /no run results in .*shard-1/);
    expectConfigError(noInto, /merge-reports needs --into DIR/);
  });
});

describe.concurrent('profiles', { timeout: 180_000 }, () => {
  it('fill the three URLs and the chain; explicit URLs and chain win', () => {
    expect(buildRunConfig(parseFlags(['--profile', 'previewnet']), {})).toMatchObject({
      targets: { baseUrl: 'https://previewnet.mirrornode.hedera.com', statusUrl: 'https://status.hedera.com/api/v2', verifyUrl: 'https://sourcify.dev/server' },
      verifyChainId: '297',
      profile: 'previewnet',
    });
    const mixed = buildRunConfig(parseFlags(['--profile', 'mainnet', '--base-url', 'http://127.0.0.1:5000/', '--verify-chain-id', '298']), {});
    expect(mixed.targets).toEqual({ baseUrl: 'http://127.0.0.1:5000', statusUrl: 'https://status.hedera.com/api/v2', verifyUrl: 'https://sourcify.dev/server' });
    expect(mixed.verifyChainId).toBe('298');
    expect(buildRunConfig(parseFlags(['--profile', 'local']), {}).targets).toEqual({
      baseUrl: 'http://127.0.0.1:8080', statusUrl: 'http://127.0.0.1:8080/status/api/v2', verifyUrl: 'http://127.0.0.1:8080',
    });
  });

  it('lists every profile with its three URLs and chain id', async () => {
    const result = await runCli(['profiles', '--json']);
    expect(result.code).toBe(0);
    const profiles = JSON.parse(result.stdout) as Array<{ name: string; baseUrl: string; statusUrl: string; verifyUrl: string; verifyChainId: string }>;
    expect(profiles.map((p) => [p.name, p.verifyChainId])).toEqual([['mainnet', '295'], ['testnet', '296'], ['previewnet', '297'], ['local', '296']]);
    expect(profiles.find((p) => p.name === 'testnet')).toMatchObject({
      baseUrl: 'https://testnet.mirrornode.hedera.com',
      statusUrl: 'https://status.hedera.com/api/v2',
      verifyUrl: 'https://sourcify.dev/server',
    });
  });
});
