// Query-service faults on pagination: next links that skip, overlap, lose filters or order, loop,
// never end or end early; pages that hold less than they say (section 4 pagination rules).
import type { Layer, LayerRequest, LayerResponse } from './layer.ts';
import { isGet, okObject, queryValues, relativeUrl, splitOperator } from './layer-tools.ts';

const LISTS = /\/api\/v1\/(schedules|transactions)/;

/** The links object of a list page, or undefined. */
function linksOf(req: LayerRequest, res: LayerResponse, path: string | RegExp = LISTS): { next: string | null } | undefined {
  if (!isGet(req, path)) return undefined;
  const links = okObject(res)?.links;
  return links && typeof links === 'object' ? (links as { next: string | null }) : undefined;
}

/** Edits the query of a relative next link. */
function editNext(next: string, edit: (params: URLSearchParams) => void): string {
  const [path, query = ''] = next.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  edit(params);
  return `${path}?${params.toString()}`;
}

const hasCursor = (req: LayerRequest) => queryValues(req, 'schedule.id').some((v) => ['gt', 'lt'].includes(splitOperator(v).op));

export const LEDGER_PAGINATION_FAULTS: Layer[] = [
  {
    name: 'schedules-next-skips-one',
    interface: 'ledger-query',
    rules: ['LQ-4-pagination-walk'],
    description: 'The next link of the schedule list starts one schedule too late, so each page boundary loses a schedule.',
    response(req, res) {
      const links = linksOf(req, res, '/api/v1/schedules');
      if (!links?.next) return;
      links.next = editNext(links.next, (p) => {
        const cursor = p.getAll('schedule.id').at(-1);
        const m = cursor && /^(gt|lt):(\d+\.\d+\.)(\d+)$/.exec(cursor);
        if (!m) return;
        const values = p.getAll('schedule.id').slice(0, -1);
        p.delete('schedule.id');
        for (const v of values) p.append('schedule.id', v);
        p.append('schedule.id', `${m[1]}:${m[2]}${BigInt(m[3]!) + (m[1] === 'gt' ? 1n : -1n)}`);
      });
    },
  },
  {
    name: 'schedules-next-overlaps',
    interface: 'ledger-query',
    rules: ['LQ-4-pagination-walk'],
    description: 'The next link of the schedule list uses gte:/lte: as cursor, so each page repeats the last schedule of the one before.',
    response(req, res) {
      const links = linksOf(req, res, '/api/v1/schedules');
      if (links?.next) links.next = links.next.replace(/schedule\.id=(gt|lt)(%3A|:)/g, 'schedule.id=$1e$2');
    },
  },
  {
    name: 'transactions-next-drops-filters',
    interface: 'ledger-query',
    rules: ['LQ-4-pagination-walk', 'LQ-4-operator-semantics'],
    description: 'The next link of the transaction list keeps only limit, order and the cursor, losing the filters of the request.',
    response(req, res) {
      const links = linksOf(req, res, '/api/v1/transactions');
      if (!links?.next) return;
      links.next = editNext(links.next, (p) => {
        const cursor = p.getAll('timestamp').filter((v) => /^(gt|lt):/.test(v)).at(-1);
        for (const name of [...new Set(p.keys())]) if (name !== 'limit' && name !== 'order') p.delete(name);
        if (cursor) p.append('timestamp', cursor);
      });
    },
  },
  {
    name: 'transactions-next-drops-order',
    interface: 'ledger-query',
    rules: ['LQ-4-pagination-walk'],
    description: 'The next link of the transaction list leaves out order, so an ascending walk turns descending after the first page.',
    response(req, res) {
      const links = linksOf(req, res, '/api/v1/transactions');
      if (links?.next) links.next = editNext(links.next, (p) => p.delete('order'));
    },
  },
  {
    name: 'schedules-next-loops-to-start',
    interface: 'ledger-query',
    rules: ['LQ-4-pagination-ends'],
    description: 'The last page of the schedule list links back to the first page instead of ending with next null.',
    response(req, res) {
      const links = linksOf(req, res, '/api/v1/schedules');
      if (links && links.next === null && hasCursor(req)) {
        links.next = relativeUrl(req.path, req.query.filter(([k]) => k.toLowerCase() !== 'schedule.id'));
      }
    },
  },
  {
    name: 'schedules-next-never-null',
    interface: 'ledger-query',
    rules: ['LQ-4-pagination-ends'],
    description: 'The last page of the schedule list links to itself instead of ending with next null.',
    response(req, res) {
      const links = linksOf(req, res, '/api/v1/schedules');
      if (links && links.next === null) links.next = relativeUrl(req.path, req.query);
    },
  },
  {
    name: 'schedules-next-null-early',
    interface: 'ledger-query',
    rules: ['LQ-4-pagination-walk'],
    description: 'The first page of the schedule list says next null although more schedules follow.',
    response(req, res) {
      const links = linksOf(req, res, '/api/v1/schedules');
      if (links?.next && !hasCursor(req)) links.next = null;
    },
  },
  {
    name: 'schedules-page-drops-last',
    interface: 'ledger-query',
    rules: ['LQ-4-pagination-walk', 'LQ-4.1-limit-default', 'LQ-4.1-limit-range'],
    description: 'A full page of the schedule list leaves out its last schedule while its next link starts after it.',
    response(req, res) {
      const body = linksOf(req, res, '/api/v1/schedules')?.next ? okObject(res) : undefined;
      (body?.schedules as unknown[] | undefined)?.pop();
    },
  },
  {
    name: 'links-next-omitted-on-last-page',
    interface: 'ledger-query',
    rules: ['LQ-2.1-links-shape'],
    description: 'The last page of a list answers links {} instead of links {next: null}.',
    response(req, res) {
      const links = linksOf(req, res);
      if (links && links.next === null) delete (links as { next?: unknown }).next;
    },
  },
];
