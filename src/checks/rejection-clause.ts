import { loadCatalogue, ruleHasClause } from '../rules/catalogue.ts';

/** The clause of a rule that says what it takes and what it refuses, which a refusal of an invalid value shows. */
const REJECTS_INVALID = 'rejects-invalid';

/** `rejects-invalid` where the rule has that clause, else none (the refusal judges the rule as a whole). */
export function rejectionClause(ruleId: string): string | undefined {
  const rule = loadCatalogue().get(ruleId);
  return rule && ruleHasClause(rule, REJECTS_INVALID) ? REJECTS_INVALID : undefined;
}
