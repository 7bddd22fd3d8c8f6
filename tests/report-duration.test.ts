// A report rebuilt later (`ledger-conformance report`) must span the run's own time: the results
// it adds for uncovered rules carry the run's start, not the time of the rebuild.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeUncoveredRuleResults } from '../src/report/allure-rule-results.ts';
import type { RuleRow } from '../src/report/rule-verdicts.ts';
import { loadCatalogue } from '../src/rules/catalogue.ts';

const RUN_START = Date.parse('2026-01-02T03:04:05Z');
const RUN_MS = 54_000;

function span(dir: string): number {
  const results = readdirSync(dir).map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as { start: number; stop: number });
  return Math.max(...results.map((r) => r.stop)) - Math.min(...results.map((r) => r.start));
}

describe('the duration of a rebuilt report', () => {
  it('stays the run\'s 54 s when uncovered rules are added after the run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lc-duration-'));
    writeFileSync(join(dir, 'a-result.json'), JSON.stringify({ uuid: 'a', historyId: 'a', start: RUN_START, stop: RUN_START + 20_000 }));
    writeFileSync(join(dir, 'b-result.json'), JSON.stringify({ uuid: 'b', historyId: 'b', start: RUN_START + 20_000, stop: RUN_START + RUN_MS }));
    const rule = [...loadCatalogue().values()][0]!;
    const rows = [{ rule, verdict: 'uncovered', tests: [], messages: [] }] as unknown as RuleRow[];
    writeUncoveredRuleResults(dir, rows);
    // Built twice, as `run` and a later `report` do.
    writeUncoveredRuleResults(dir, rows);
    expect(readdirSync(dir)).toHaveLength(3);
    expect(span(dir)).toBe(RUN_MS);
  });
});
