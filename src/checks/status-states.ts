import { readFileSync } from 'node:fs';
import { parseYamlRemembered } from '../../specs/content-memo.ts';
import { specPath } from '../../specs/load-spec.ts';

type ValueSetSchema = { enum?: string[]; 'x-observed-extension'?: string[] };
const schemas = (parseYamlRemembered(readFileSync(specPath('status'), 'utf8')) as { components: { schemas: Record<string, ValueSetSchema> } }).components.schemas;

/** The enum of a named schema of the status spec: read there so the suite and the spec cannot drift apart. */
function valueSet(name: string): readonly string[] {
  const values = schemas[name]?.enum;
  if (!values?.length) throw new Error(`specs/status.openapi.yaml has no ${name} enum`);
  return values;
}

/**
 * The value sets of contract section 3. The contract names states in words ("In Progress"); the
 * notes observe lower snake case on the wire, so membership is judged on the normalised word and
 * the exact spelling by its own observed rule.
 */
export const INDICATORS = valueSet('StatusIndicator');
export const COMPONENT_STATUSES = valueSet('ComponentStatus');
export const INCIDENT_STATES = valueSet('IncidentStatus');
export const UNRESOLVED_STATES = valueSet('UnresolvedIncidentStatus');
export const MAINTENANCE_STATES = valueSet('MaintenanceStatus');
export const UPCOMING_STATES = valueSet('UpcomingMaintenanceStatus');
export const ACTIVE_STATES = valueSet('ActiveMaintenanceStatus');
/** The closed states, which no subset document lists: Resolved and Postmortem incidents, Completed maintenances. */
export const CLOSED_INCIDENT_STATES = INCIDENT_STATES.filter((state) => !UNRESOLVED_STATES.includes(state));
export const COMPLETED_MAINTENANCE_STATES = MAINTENANCE_STATES.filter((state) => !UPCOMING_STATES.includes(state) && !ACTIVE_STATES.includes(state));
/** Observed impact values (reference notes); the contract defines none. */
export const IMPACTS = valueSet('Impact');

/** Values live pages show beyond a contract set (`x-observed-extension`): judged by observed rules, never in the enum. */
function observedExtensions(name: string): readonly string[] {
  const values = schemas[name]?.['x-observed-extension'];
  if (!values?.length) throw new Error(`specs/status.openapi.yaml has no x-observed-extension on ${name}`);
  return values;
}

export const INDICATOR_EXTENSIONS = observedExtensions('StatusIndicator');
export const COMPONENT_STATUS_EXTENSIONS = observedExtensions('ComponentStatus');

/** "In Progress", "in-progress" and "in_progress" all name the contract's In Progress. */
function normaliseState(value: unknown): string | undefined {
  return typeof value === 'string' ? value.trim().toLowerCase().replace(/[\s-]+/g, '_') : undefined;
}

/** Is the value one of the set, read as the contract's word (case and separators aside)? */
export function inStateSet(value: unknown, set: readonly string[]): boolean {
  const word = normaliseState(value);
  return word !== undefined && set.includes(word);
}
