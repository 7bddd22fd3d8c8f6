import { loadCatalogue, ruleHasClause } from '../rules/catalogue.ts';

// The clauses of a rule that says what a field takes and what it refuses: a rule passes only when
// a valid value was seen taken and an invalid one refused, never on one side alone.
const ACCEPTS_VALID = 'accepts-valid';
const REJECTS_INVALID = 'rejects-invalid';

function clauseIfAny(ruleId: string, clause: string): string | undefined {
  const rule = loadCatalogue().get(ruleId);
  return rule && ruleHasClause(rule, clause) ? clause : undefined;
}

/** `rejects-invalid` where the rule has that clause, else none (the refusal judges the rule as a whole). */
export function rejectionClause(ruleId: string): string | undefined {
  return clauseIfAny(ruleId, REJECTS_INVALID);
}

/** `accepts-valid` where the rule has that clause, else none (the answer judges the rule as a whole). */
export function acceptanceClause(ruleId: string): string | undefined {
  return clauseIfAny(ruleId, ACCEPTS_VALID);
}
