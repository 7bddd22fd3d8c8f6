// The status suite on documents shaped like captured live pages (fixtures/status/live-shaped-page.ts),
// served on loopback as a page serves them: the ordinary quirks of live pages pass, a component
// under maintenance is one finding under one rule (a known deviation with the public expectations),
// and the rules that need something to judge are not passed on pages that lack it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { livePageDocuments, type LivePageOptions } from '../../fixtures/status/live-shaped-page.ts';
import { ROOT, concurrencyLimit, ruleRows, runCli, tempDir } from '../production/cli-helpers.ts';

const EXPECTATIONS = join(ROOT, 'expectations', 'public-status-pages.yaml');
const BASE = '/api/v2';

interface Served {
  /** Changes the documents before they are served. */
  edit?(documents: Map<string, Record<string, any>>): void;
  /** A status to answer a document with instead of the document, by path. */
  refuse?: Record<string, number>;
}

/** Serves the page's eight documents under /api/v2 on a loopback port for the length of `body`. */
async function servePage<T>(options: LivePageOptions, served: Served, body: (statusUrl: string) => Promise<T>): Promise<T> {
  const documents = livePageDocuments(options);
  served.edit?.(documents);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!.slice(BASE.length);
    const refused = served.refuse?.[path];
    const doc = req.url?.startsWith(`${BASE}/`) ? documents.get(path) : undefined;
    const [status, text] = refused ? [refused, '{"error":"refused"}'] : doc ? [200, JSON.stringify(doc)] : [404, '{"error":"not found"}'];
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await body(`http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

interface Verdicts {
  code: number | null;
  verdict: Map<string, string>;
  /** Rule ids per verdict, sorted. */
  by: (verdict: string) => string[];
}

const runSlot = concurrencyLimit(2);

function statusRun(name: string, options: LivePageOptions, served: Served = {}, extra: string[] = []): Promise<Verdicts> {
  return runSlot(() => servePage(options, served, async (statusUrl) => {
    const dir = tempDir(`live-status-${name}`);
    const result = await runCli(['run', '--no-html', '--only', 'status', '--status-url', statusUrl, '--seed', '7', '--depth', '4', '--report-dir', dir, '--quiet', ...extra]);
    const verdict = new Map([...ruleRows(dir)].map(([id, row]) => [id, row.verdict]));
    return { code: result.code, verdict, by: (v) => [...verdict].filter(([, x]) => x === v).map(([id]) => id).sort() };
  }));
}

describe.concurrent('the status suite on pages shaped like live ones', { timeout: 300_000 }, () => {
  it('passes a live-shaped page: offsets across a daylight-saving change, display_at before created_at, edits after resolution, impact none, a major maintenance', async () => {
    const run = await statusRun('ordinary', {});
    expect(run.by('failed')).toEqual([]);
    expect(run.by('deviates')).toEqual([]);
    expect(run.code).toBe(0);
    // A group named like its child is still a symmetric group; no value beyond the contract means no extension judged.
    expect(run.verdict.get('ST-4.7-component-group-symmetry')).toBe('passed');
    expect(run.verdict.get('ST-3-component-under-maintenance-extension')).toBe('not-evaluated');
    expect(run.verdict.get('ST-3-indicator-maintenance-extension')).toBe('not-evaluated');
  });

  it('fails a page whose only deviation is components under maintenance on exactly the component status rule', async () => {
    const run = await statusRun('maintenance', { underMaintenance: 3 });
    expect(run.code).toBe(1);
    expect(run.by('failed')).toEqual(['ST-3-component-status-enum']);
    expect(run.by('deviates')).toEqual([]);
    expect(run.verdict.get('ST-3-component-under-maintenance-extension')).toBe('passed');
  });

  it('passes that page with the public status expectations, the deviation reported once as known and nothing claimed fixed', async () => {
    const run = await statusRun('maintenance-expected', { underMaintenance: 3 }, {}, ['--expectations', EXPECTATIONS]);
    expect(run.code).toBe(0);
    expect(run.by('known-deviation')).toEqual(['ST-3-component-status-enum']);
    for (const verdict of ['failed', 'deviates', 'fixed']) expect(run.by(verdict), verdict).toEqual([]);
  });

  it('takes the live indicator maintenance as the other known deviation of the public status expectations', async () => {
    const run = await statusRun('indicator-maintenance', { underMaintenance: 2 }, {
      edit: (docs) => {
        for (const doc of docs.values()) if (doc.status) doc.status = { indicator: 'maintenance', description: 'Service Under Maintenance' };
      },
      // Given before another file: --expectations is repeatable and the files are taken together.
    }, ['--expectations', EXPECTATIONS, '--expectations', join(ROOT, 'expectations', 'public-networks.yaml')]);
    expect(run.code).toBe(0);
    expect(run.by('known-deviation')).toEqual(['ST-3-component-status-enum', 'ST-3-indicator-enum']);
    expect(run.verdict.get('ST-3-indicator-maintenance-extension')).toBe('passed');
  });

  it('does not take another value for the known one: an unknown component status fails even with the expectations', async () => {
    const run = await statusRun('unknown-status', { underMaintenance: 1 }, {
      edit: (docs) => {
        for (const doc of docs.values()) for (const c of doc.components ?? []) if (c.id === 'c1ver0000005') c.status = 'maintenance_window';
      },
    }, ['--expectations', EXPECTATIONS]);
    expect(run.by('failed')).toEqual(['ST-3-component-status-enum']);
    expect(run.by('deviates')).toEqual(['ST-3-component-under-maintenance-extension']);
  });

  it('judges group symmetry only where there are groups, and flags a group_id that names no listed group', async () => {
    const [flat, dangling] = await Promise.all([
      statusRun('no-groups', { withoutGroups: true }),
      statusRun('dangling-group', { withoutGroups: true }, {
        edit: (docs) => {
          for (const doc of docs.values()) for (const c of doc.components ?? []) if (c.id === 'c1cal0000002') c.group_id = 'g9gone000000';
        },
      }),
    ]);
    expect(flat.verdict.get('ST-4.7-component-group-symmetry')).toBe('not-evaluated');
    expect(dangling.verdict.get('ST-4.7-component-group-symmetry')).toBe('deviates');
  });

  it('counts only 401 and 403 as a refusal for missing credentials, not a 404', async () => {
    const [missing, refused] = await Promise.all([
      statusRun('document-404', {}, { refuse: { '/incidents.json': 404 } }),
      statusRun('document-401', {}, { refuse: { '/incidents.json': 401 } }),
    ]);
    expect(missing.verdict.get('ST-5-no-credentials-observed')).toBe('passed');
    expect(refused.verdict.get('ST-5-no-credentials-observed')).toBe('deviates');
  });
});
