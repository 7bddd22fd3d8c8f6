import type { Rule } from '../rules/catalogue.ts';

/**
 * The allure story of a rule: its id and what it says, so a reader of the HTML report who never saw
 * the catalogue knows what each group of tests checks. Tests and uncovered-rule entries share it.
 */
export function ruleStory(rule: Rule): string {
  const statement = rule.statement.length > 110 ? `${rule.statement.slice(0, 107)}...` : rule.statement;
  return `${rule.id} (${rule.source}): ${statement}`;
}
