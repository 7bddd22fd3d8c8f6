import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleRow } from './rule-verdicts.ts';
import { ruleStory } from './rule-story.ts';

/**
 * Allure only knows tests, so rules no test checks would vanish from the HTML report. Each such rule
 * becomes a result of its own, status "unknown", under the same epic/feature/story labels as the tests.
 */
export function writeUncoveredRuleResults(resultsDir: string, rows: RuleRow[]): void {
  mkdirSync(resultsDir, { recursive: true });
  const at = runStart(resultsDir);
  for (const row of rows.filter((r) => r.verdict === 'uncovered')) {
    // A stable id per rule, so rebuilding the report overwrites instead of piling up copies.
    const uuid = createHash('sha1').update(row.rule.id).digest('hex').slice(0, 32).replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
    const result = {
      uuid,
      historyId: `uncovered-${row.rule.id}`,
      name: `UNCOVERED: no test checks ${row.rule.id}`,
      fullName: `rules/${row.rule.id}`,
      status: 'unknown',
      statusDetails: { message: `${row.rule.statement} (source: ${row.rule.source})` },
      stage: 'finished',
      start: at,
      stop: at,
      labels: [
        { name: 'epic', value: row.rule.interface },
        { name: 'feature', value: `section ${row.rule.section}` },
        { name: 'story', value: ruleStory(row.rule) },
        { name: 'rule', value: row.rule.id },
        { name: 'tag', value: 'uncovered' },
      ],
      steps: [],
      attachments: [],
      parameters: [],
      links: [],
    };
    writeFileSync(join(resultsDir, `${uuid}-result.json`), JSON.stringify(result));
  }
}

/**
 * When the run's tests began. Uncovered rules are stamped with it, not with the time the report is
 * built: allure spans the run from the earliest start to the latest stop, and a rebuilt report
 * would otherwise stretch to the time of the rebuild.
 */
function runStart(resultsDir: string): number {
  let earliest = Infinity;
  for (const name of readdirSync(resultsDir).filter((n) => n.endsWith('-result.json'))) {
    const result = JSON.parse(readFileSync(join(resultsDir, name), 'utf8')) as { start?: number; historyId?: string };
    if (typeof result.start === 'number' && !result.historyId?.startsWith('uncovered-')) earliest = Math.min(earliest, result.start);
  }
  return Number.isFinite(earliest) ? earliest : Date.now();
}
