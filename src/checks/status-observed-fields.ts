/**
 * Field names of the status documents as the reference notes observe them (the contract shows
 * none). The OpenAPI schemas leave observed fields optional, so presence is checked here, each
 * list under its own observed rule.
 */
export const PAGE_FIELDS = ['id', 'name', 'url', 'time_zone', 'updated_at'];
export const COMPONENT_FIELDS = ['id', 'name', 'status', 'created_at', 'updated_at', 'position', 'description', 'showcase', 'start_date', 'group_id', 'page_id', 'group', 'only_show_if_degraded'];
export const INCIDENT_FIELDS = ['id', 'name', 'status', 'created_at', 'updated_at', 'monitoring_at', 'resolved_at', 'impact', 'shortlink', 'started_at', 'page_id', 'incident_updates', 'components'];
export const INCIDENT_UPDATE_FIELDS = ['id', 'status', 'body', 'incident_id', 'created_at', 'updated_at', 'display_at', 'affected_components'];
export const MAINTENANCE_FIELDS = [...INCIDENT_FIELDS, 'scheduled_for', 'scheduled_until'];

/** The names in `fields` the object does not carry (a null value counts as carried). */
export function missingFields(item: Record<string, unknown>, fields: string[]): string[] {
  return fields.filter((name) => !(name in item));
}
