// lane: long (three runs of the ledger suite: src/harness/turn-lane-sequencer.ts starts it early).
// The ledger suite against the reference server behaving like the public query service (every
// known deviation of the reference notes, as layers): with the public expectations each deviation
// is a known deviation under its own rule and the run passes; without them exactly those rules fail.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SERVICE_LAYERS } from '../../reference/faults/public-service.ts';
import { readExpectations } from '../../src/report/expectations.ts';
import { loadCatalogue } from '../../src/rules/catalogue.ts';
import { ROOT, concurrencyLimit, readJson, runCli as runCliNow, tempDir } from './cli-helpers.ts';

interface RulesJson {
  outcome: string;
  rules: Array<{ id: string; verdict: string; source: string }>;
}

const EXPECTATIONS = join(ROOT, 'expectations', 'public-networks.yaml');
const catalogue = loadCatalogue();
const deviating = [...new Set(PUBLIC_SERVICE_LAYERS.flatMap((layer) => layer.rules))].sort();

function byVerdict(doc: RulesJson): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const r of doc.rules) groups.set(r.verdict, [...(groups.get(r.verdict) ?? []), r.id].sort());
  return groups;
}

// The three runs are independent (each its own embedded reference and report directory): two at a time.
const runSlot = concurrencyLimit(2);
const runCli = (args: string[], timeoutMs: number) => runSlot(() => runCliNow(args, timeoutMs));

async function runPublic(name: string, extra: string[]): Promise<{ code: number | null; doc: RulesJson; stdout: string }> {
  const dir = tempDir(name);
  const result = await runCli(['run', '--no-html', '--only', 'ledger-query', '--behave', 'public', '--seed', '11', '--depth', '4', '--report-dir', dir, '--quiet', ...extra], 240_000);
  return { code: result.code, doc: readJson<RulesJson>(join(dir, 'rules.json')), stdout: result.stdout };
}

describe.concurrent('the ledger suite against the reference behaving like the public service', () => {
  it('has one expectations entry or more for every rule a public-service layer breaks, and none for others', () => {
    const listed = [...new Set(readExpectations(EXPECTATIONS, new Set(catalogue.keys())).map((e) => e.rule))].sort();
    expect(listed).toEqual(deviating);
  });

  it('passes with the public expectations: each deviation a known deviation under its own rule, nothing else failed, nothing fixed', async () => {
    const { code, doc, stdout } = await runPublic('public-expected', ['--expectations', EXPECTATIONS]);
    expect(stdout).toMatch(/ledger-conformance: PASS \(exit 0\)/);
    expect(code).toBe(0);
    const groups = byVerdict(doc);
    expect(groups.get('known-deviation')).toEqual(deviating);
    for (const verdict of ['failed', 'deviates', 'fixed', 'error']) expect(groups.get(verdict) ?? [], verdict).toEqual([]);
  }, 300_000);

  it('against the correct reference reports every entry fixed: each deviating input was sent and held', async () => {
    const dir = tempDir('public-fixed');
    const result = await runCli(['run', '--no-html', '--only', 'ledger-query', '--seed', '11', '--depth', '4', '--report-dir', dir, '--quiet', '--expectations', EXPECTATIONS], 240_000);
    expect(result.code).toBe(0);
    expect(byVerdict(readJson<RulesJson>(join(dir, 'rules.json'))).get('fixed')).toEqual(deviating);
  }, 300_000);

  it('fails without them on exactly those rules: the contract ones fail, the observed ones deviate', async () => {
    const { code, doc } = await runPublic('public-unexpected', []);
    expect(code).toBe(1);
    const groups = byVerdict(doc);
    expect(groups.get('failed')).toEqual(deviating.filter((id) => catalogue.get(id)!.source === 'contract'));
    expect(groups.get('deviates') ?? []).toEqual(deviating.filter((id) => catalogue.get(id)!.source === 'observed'));
  }, 300_000);
});
