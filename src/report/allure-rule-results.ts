import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleRow } from './rule-verdicts.ts';
import { ruleStory } from './rule-story.ts';

/**
 * Allure only knows tests, so rules no test checks would vanish from the HTML report. Each such rule
 * becomes a result of its own, status "unknown", under the same epic/feature/story labels as the tests.
 */
export function writeUncoveredRuleResults(resultsDir: string, rows: RuleRow[]): void {
  mkdirSync(resultsDir, { recursive: true });
  const now = Date.now();
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
      start: now,
      stop: now,
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
