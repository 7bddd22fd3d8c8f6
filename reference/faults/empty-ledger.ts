// A ledger that holds no data: every list of the query service answers empty and every lookup 404,
// as a freshly started service would. A run against it has nothing to judge list contents, order,
// filters or pagination with, so none of those rules may end passed, and the run may not PASS.
import type { Layer } from './layer.ts';
import { ledgerError, okObject } from './layer-tools.ts';

/** Network figures (exchange rate, supply, stake) exist before any transaction: not lookups, left as they are. */
const NETWORK = /^\/api\/v1\/network\//;

const emptyLedger: Layer = {
  name: 'empty-ledger',
  interface: 'ledger-query',
  rules: [],
  description: 'Every list of the query service is empty and every lookup answers 404.',
  response(req, res) {
    if (req.method !== 'GET' || !req.path.startsWith('/api/v1/')) return;
    const body = okObject(res);
    if (!body) return;
    if (!('links' in body)) {
      if (!NETWORK.test(req.path)) Object.assign(res, ledgerError(404, 'Not found'));
      return;
    }
    for (const [key, value] of Object.entries(body)) if (Array.isArray(value)) body[key] = [];
    body.links = { next: null };
    delete res.headers.link;
  },
};

export const EMPTY_LEDGER_LAYERS: Layer[] = [emptyLedger];
