// POST /api/v1/network/fees: a fee estimate for a protobuf-encoded transaction. The body must be
// `application/protobuf` (or x-protobuf) holding a parsable Transaction; the estimate follows from
// its size, its signatures, the `mode` and the `high_volume_throttle`. Amounts are tinycents.
import type { FastifyInstance } from 'fastify';
import { readQuery, enumRule, type ParamRule } from './query-params.ts';
import { QueryError } from './query-error.ts';
import { sendJson } from './json-reply.ts';

const PROTOBUF_TYPES = ['application/protobuf', 'application/x-protobuf'];

const RULES: ParamRule[] = [
  enumRule('mode', ['INTRINSIC', 'STATE']),
  { name: 'high_volume_throttle', single: true, parse: (v) => (/^\d{1,5}$/.test(v) && Number(v) <= 10_000 ? Number(v) : undefined) },
];

function extra(name: string, count: number, included: number, feePerUnit: number) {
  const charged = Math.max(0, count - included);
  return { charged, count, fee_per_unit: feePerUnit, included, name, subtotal: charged * feePerUnit };
}

export function registerFeeEstimateRoute(app: FastifyInstance): void {
  app.register(async (scope) => {
    // Every media type reaches the handler as raw bytes, so the handler alone decides 415 vs 400.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    scope.post('/api/v1/network/fees', async (request, reply) => {
      const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!PROTOBUF_TYPES.includes(mediaType)) throw new QueryError(415, [{ message: 'Unsupported Media Type', detail: 'Send the transaction as application/protobuf' }]);
      const query = readQuery(request.url, RULES);
      const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
      // The protobuf decoder (@hashgraph/proto) loads at the first estimate, not with the server.
      const parts = body.length ? (await import('./decode-transaction.ts')).decodeTransaction(body) : null;
      if (!parts) throw new QueryError(400, [{ message: 'Invalid parameter: transaction', detail: 'The body is not a protobuf-encoded transaction' }]);

      const nodeExtras = [extra('BYTES', body.length, 1024, 10_000), extra('SIGNATURES', parts.signatures, 1, 100_000)];
      const nodeBase = 100_000;
      const nodeSubtotal = nodeBase + nodeExtras.reduce((sum, e) => sum + e.subtotal, 0);
      const networkMultiplier = 9;
      const stateful = (query.first<string>('mode') ?? 'INTRINSIC') === 'STATE';
      const serviceExtras = stateful ? [extra('STATE_READS', 1 + Math.ceil(parts.bodyBytes.length / 256), 1, 50_000)] : [];
      const serviceBase = 900_000;
      const serviceSubtotal = serviceBase + serviceExtras.reduce((sum, e) => sum + e.subtotal, 0);
      // Throttle utilisation in basis points: each 2,000 raise the multiplier by one.
      const highVolumeMultiplier = 1 + Math.floor((query.first<number>('high_volume_throttle') ?? 0) / 2_000);
      const total = (nodeSubtotal * (1 + networkMultiplier) + serviceSubtotal) * highVolumeMultiplier;
      return sendJson(reply, {
        high_volume_multiplier: highVolumeMultiplier,
        network: { multiplier: networkMultiplier, subtotal: nodeSubtotal * networkMultiplier },
        node: { base: nodeBase, extras: nodeExtras },
        service: { base: serviceBase, extras: serviceExtras },
        total,
      });
    });
  });
}
