import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerStatusRoutes } from '../status/routes.ts';
import { generateStatusFixture } from '../../fixtures/status/status-fixture.ts';

const PREFIX = '/api/v2';
const ISO_WITH_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/;
const UNRESOLVED = ['investigating', 'identified', 'monitoring'];
const ORDER = ['none', 'minor', 'major', 'critical'];

let app: FastifyInstance;
let baseUrl: string;
const docs: Record<string, any> = {};

async function get(path: string) {
  const response = await fetch(`${baseUrl}${PREFIX}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() as any };
}

const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);
const times = (items: any[], key: string) => items.map((i) => Date.parse(i[key]));

beforeAll(async () => {
  app = Fastify();
  await registerStatusRoutes(app, { prefix: PREFIX });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  for (const path of ['/summary.json', '/status.json', '/components.json', '/incidents.json', '/incidents/unresolved.json', '/scheduled-maintenances.json', '/scheduled-maintenances/upcoming.json', '/scheduled-maintenances/active.json']) {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    expect(response.type).toMatch(/^application\/json/);
    docs[path] = response.body;
  }
});
afterAll(async () => {
  await app.close();
});

describe('status fixture', () => {
  it('is the same on every generation (fixed seed)', () => {
    expect(JSON.stringify(generateStatusFixture())).toBe(JSON.stringify(generateStatusFixture()));
  });

  it('has more incidents and maintenances than the 50-item cap, over every state', () => {
    const fixture = generateStatusFixture();
    expect(fixture.incidents.length).toBeGreaterThanOrEqual(60);
    expect(fixture.scheduledMaintenances.length).toBeGreaterThanOrEqual(55);
    expect(new Set(fixture.incidents.map((i) => i.status))).toEqual(new Set([...UNRESOLVED, 'resolved', 'postmortem']));
    expect(new Set(fixture.scheduledMaintenances.map((m) => m.status))).toEqual(new Set(['scheduled', 'in_progress', 'verifying', 'completed']));
  });
});

describe('status documents', () => {
  it('carry the top-level keys of each document and the same page object', () => {
    const keys: Record<string, string[]> = {
      '/summary.json': ['page', 'components', 'incidents', 'scheduled_maintenances', 'status'],
      '/status.json': ['page', 'status'],
      '/components.json': ['page', 'components'],
      '/incidents.json': ['page', 'incidents'],
      '/incidents/unresolved.json': ['page', 'incidents'],
      '/scheduled-maintenances.json': ['page', 'scheduled_maintenances'],
      '/scheduled-maintenances/upcoming.json': ['page', 'scheduled_maintenances'],
      '/scheduled-maintenances/active.json': ['page', 'scheduled_maintenances'],
    };
    for (const [path, expected] of Object.entries(keys)) {
      expect(Object.keys(docs[path]).sort(), path).toEqual([...expected].sort());
      expect(docs[path].page).toEqual(docs['/status.json'].page);
    }
    expect(Object.keys(docs['/status.json'].page).sort()).toEqual(['id', 'name', 'time_zone', 'updated_at', 'url']);
    expect(docs['/status.json'].page.id).toMatch(/^[a-z0-9]{12}$/);
  });

  it('show all four component statuses, a group whose membership is symmetric, page_id everywhere', () => {
    const components = docs['/components.json'].components as any[];
    expect(new Set(components.map((c) => c.status))).toEqual(new Set(['operational', 'degraded_performance', 'partial_outage', 'major_outage']));
    const groups = components.filter((c) => c.group);
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      expect(group.group_id).toBeNull();
      expect(group.components.sort()).toEqual(components.filter((c) => c.group_id === group.id).map((c) => c.id).sort());
    }
    for (const c of components) {
      expect(c.page_id).toBe(docs['/status.json'].page.id);
      if (c.group_id !== null) expect(groups.map((g) => g.id)).toContain(c.group_id);
      expect(Number.isInteger(c.position)).toBe(true);
      expect(c.start_date === null || /^\d{4}-\d{2}-\d{2}$/.test(c.start_date)).toBe(true);
    }
  });

  it('cap the incident and maintenance lists at the 50 most recent, newest first', () => {
    const fixture = generateStatusFixture();
    const incidents = docs['/incidents.json'].incidents as any[];
    const maintenances = docs['/scheduled-maintenances.json'].scheduled_maintenances as any[];
    expect(incidents).toHaveLength(50);
    expect(maintenances).toHaveLength(50);
    const incidentTimes = times(incidents, 'created_at');
    expect(incidentTimes).toEqual([...incidentTimes].sort((a, b) => b - a));
    const oldestShown = Math.min(...incidentTimes);
    const left = fixture.incidents.filter((i) => !ids(incidents).includes(i.id));
    expect(left.every((i) => Date.parse(i.created_at) <= oldestShown)).toBe(true);
    const maintenanceTimes = times(maintenances, 'scheduled_for');
    expect(maintenanceTimes).toEqual([...maintenanceTimes].sort((a, b) => b - a));
    expect(new Set(incidents.map((i) => i.status)).size).toBe(5);
  });

  it('serve the unresolved, upcoming and active subsets, each inside its 50-item list', () => {
    const unresolved = docs['/incidents/unresolved.json'].incidents as any[];
    const upcoming = docs['/scheduled-maintenances/upcoming.json'].scheduled_maintenances as any[];
    const active = docs['/scheduled-maintenances/active.json'].scheduled_maintenances as any[];
    expect(unresolved.length).toBeGreaterThan(0);
    expect(unresolved.every((i) => UNRESOLVED.includes(i.status))).toBe(true);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((m) => m.status === 'scheduled')).toBe(true);
    expect(new Set(active.map((m) => m.status))).toEqual(new Set(['in_progress', 'verifying']));
    const listedIncidents = ids(docs['/incidents.json'].incidents);
    expect(ids(docs['/incidents.json'].incidents.filter((i: any) => UNRESOLVED.includes(i.status)))).toEqual(ids(unresolved));
    expect(ids(unresolved).every((id) => listedIncidents.includes(id))).toBe(true);
    const listedMaintenances = ids(docs['/scheduled-maintenances.json'].scheduled_maintenances);
    expect([...ids(upcoming), ...ids(active)].every((id) => listedMaintenances.includes(id))).toBe(true);
  });

  it('make summary.json consistent with the other documents', () => {
    const summary = docs['/summary.json'];
    expect(summary.components).toEqual(docs['/components.json'].components);
    expect(summary.incidents).toEqual(docs['/incidents/unresolved.json'].incidents);
    expect(ids(summary.scheduled_maintenances).sort()).toEqual(
      [...ids(docs['/scheduled-maintenances/upcoming.json'].scheduled_maintenances), ...ids(docs['/scheduled-maintenances/active.json'].scheduled_maintenances)].sort(),
    );
    expect(summary.status).toEqual(docs['/status.json'].status);
  });

  it('derive the indicator from the worst component status and unresolved impact', () => {
    const { indicator, description } = docs['/status.json'].status;
    expect(ORDER).toContain(indicator);
    expect(description).toEqual(expect.any(String));
    const componentLevel = { operational: 0, degraded_performance: 1, partial_outage: 2, major_outage: 3 } as Record<string, number>;
    const impactLevel = { none: 0, minor: 1, major: 2, critical: 3, maintenance: 0 } as Record<string, number>;
    const worst = Math.max(
      ...docs['/components.json'].components.map((c: any) => componentLevel[c.status]),
      ...docs['/incidents/unresolved.json'].incidents.map((i: any) => impactLevel[i.impact]),
    );
    expect(ORDER.indexOf(indicator)).toBe(worst);
  });

  it('write every timestamp as ISO-8601 with milliseconds, some with a numeric offset', () => {
    const stamps: string[] = [];
    const collect = (value: unknown, key = '') => {
      if (Array.isArray(value)) value.forEach((v) => collect(v));
      else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => collect(v, k));
      else if (typeof value === 'string' && /_(at|for|until)$/.test(key)) stamps.push(value);
    };
    collect(docs['/incidents.json']);
    collect(docs['/scheduled-maintenances.json']);
    expect(stamps.length).toBeGreaterThan(300);
    expect(stamps.filter((s) => !ISO_WITH_MS.test(s))).toEqual([]);
    expect(stamps.some((s) => /[+-]\d{2}:\d{2}$/.test(s))).toBe(true);
  });

  it('give incidents newest-first updates whose parent id and latest status match the incident', () => {
    for (const incident of docs['/incidents.json'].incidents as any[]) {
      expect(incident.incident_updates.length).toBeGreaterThan(0);
      expect(incident.incident_updates[0].status).toBe(incident.status);
      const updateTimes = times(incident.incident_updates, 'created_at');
      expect(updateTimes).toEqual([...updateTimes].sort((a, b) => b - a));
      for (const update of incident.incident_updates) expect(update.incident_id).toBe(incident.id);
      expect(incident.resolved_at === null).toBe(UNRESOLVED.includes(incident.status));
    }
  });

  it('answer an unknown path under the prefix with 404', async () => {
    expect((await get('/nothing-here.json')).status).toBe(404);
    expect((await get('/incidents/resolved.json')).status).toBe(404);
  });
});
