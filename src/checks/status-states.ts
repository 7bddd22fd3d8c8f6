/**
 * The value sets of contract section 3. The contract names states in words ("In Progress"); the
 * notes observe lower snake case on the wire, so membership is judged on the normalised word and
 * the exact spelling by its own observed rule.
 */
export const INDICATORS = ['none', 'minor', 'major', 'critical'] as const;
export const COMPONENT_STATUSES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage'] as const;
export const INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved', 'postmortem'] as const;
export const UNRESOLVED_STATES = ['investigating', 'identified', 'monitoring'] as const;
export const MAINTENANCE_STATES = ['scheduled', 'in_progress', 'verifying', 'completed'] as const;
export const UPCOMING_STATES = ['scheduled'] as const;
export const ACTIVE_STATES = ['in_progress', 'verifying'] as const;
/** Observed impact values (reference notes); the contract defines none. */
export const IMPACTS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const;

/** "In Progress", "in-progress" and "in_progress" all name the contract's In Progress. */
export function normaliseState(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim().toLowerCase().replace(/[\s-]+/g, '_') : undefined;
}

/** Is the value one of the set, read as the contract's word (case and separators aside)? */
export function inStateSet(value: unknown, set: readonly string[]): boolean {
  const word = normaliseState(value);
  return word !== undefined && set.includes(word);
}
