// Whether a request carries a body: such a request meets the fault layers' request hooks only after
// routing, once its body is read (faults/apply-layers.ts), so what comes before routing must leave it alone.
import type { IncomingMessage } from 'node:http';

export function hasBody(raw: IncomingMessage): boolean {
  return raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
}
