// The eight documents of the status interface (contract 4.7), built from the status fixture:
// lists hold the 50 most recent items, newest first; the other documents are subsets or rollups.
import type { Incident, ScheduledMaintenance, StatusFixture } from '../../fixtures/status/status-types.ts';
import { pageIndicator } from './page-indicator.ts';

const LIST_CAP = 50;

const UNRESOLVED = new Set(['investigating', 'identified', 'monitoring']);
const ACTIVE = new Set(['in_progress', 'verifying']);

/** Newest first by an ISO timestamp field; times carry offsets, so they are parsed, not compared as text. */
function newestFirst<T>(items: T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => Date.parse(key(b)) - Date.parse(key(a)));
}

/** Document path (relative to the status base) → body. */
export function buildStatusDocuments(fixture: StatusFixture): Map<string, unknown> {
  const { page, components } = fixture;
  const incidents = newestFirst(fixture.incidents, (i) => i.created_at);
  const maintenances = newestFirst(fixture.scheduledMaintenances, (m) => m.scheduled_for);
  const unresolved: Incident[] = incidents.filter((i) => UNRESOLVED.has(i.status));
  const upcoming: ScheduledMaintenance[] = maintenances.filter((m) => m.status === 'scheduled');
  const active: ScheduledMaintenance[] = maintenances.filter((m) => ACTIVE.has(m.status));
  const status = pageIndicator(components, unresolved);

  return new Map<string, unknown>([
    ['/summary.json', { page, components, incidents: unresolved, scheduled_maintenances: [...upcoming, ...active], status }],
    ['/status.json', { page, status }],
    ['/components.json', { page, components }],
    ['/incidents.json', { page, incidents: incidents.slice(0, LIST_CAP) }],
    ['/incidents/unresolved.json', { page, incidents: unresolved }],
    ['/scheduled-maintenances.json', { page, scheduled_maintenances: maintenances.slice(0, LIST_CAP) }],
    ['/scheduled-maintenances/upcoming.json', { page, scheduled_maintenances: upcoming }],
    ['/scheduled-maintenances/active.json', { page, scheduled_maintenances: active }],
  ]);
}
