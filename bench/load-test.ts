// Reference capacity with autocannon: requests per second over loopback with a fixed number of
// connections for a fixed time (bounded: `seconds` long, never open-ended).
import { createRequire } from 'node:module';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface RequestSpec {
  method?: string;
  path?: string;
  setupRequest?: (request: { path: string }) => { path: string };
}
type Autocannon = (opts: { url: string; connections: number; duration: number; requests?: RequestSpec[] }) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface Capacity {
  perSecond: number;
  total: number;
  p99Ms: number;
  failed: number;
}

/** Loads `url` (or, with `paths`, a new path per request from it) with `connections` for `seconds`. */
export async function measureCapacity(url: string, opts: { connections: number; seconds: number; paths?: (i: number) => string }): Promise<Capacity> {
  let i = 0;
  const requests = opts.paths ? [{ method: 'GET', setupRequest: (req: { path: string }) => ({ ...req, path: opts.paths!(i++) }) }] : undefined;
  const result = await autocannon({ url, connections: opts.connections, duration: opts.seconds, ...(requests ? { requests } : {}) });
  return {
    perSecond: result.requests.average,
    total: result.requests.total,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
