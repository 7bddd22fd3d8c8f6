// A loopback proxy in front of a target that injects transport faults: resets, silence, bodies
// that drip or stop short, oversized bodies and rewritten answers. Each request is logged with
// its arrival time so tests measure what reached the "server".
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What the proxy does with one request. */
export type Fault =
  | { kind: 'forward'; rewrite?: (answer: Answer) => Answer }
  | { kind: 'answer'; answer: Answer }
  /** Destroys the connection before any answer. */
  | { kind: 'reset' }
  /** Never answers. */
  | { kind: 'silence' }
  /** Sends headers, then one byte of the body per `everyMs`. */
  | { kind: 'drip'; everyMs: number }
  /** Declares the upstream body's length, sends half of it and closes. */
  | { kind: 'cut' };

export interface ArrivedRequest {
  n: number;
  method: string;
  url: string;
  at: number;
  headers: IncomingMessage['headers'];
  fault: Fault['kind'];
  /** The status answered (forwarded or made up); unset while no answer was sent. */
  status?: number;
}

export interface FaultProxy {
  url: string;
  log: ArrivedRequest[];
  close(): Promise<void>;
}

async function forward(upstream: string, req: IncomingMessage, body: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const up = httpRequest(new URL(req.url ?? '/', upstream), { method: req.method, headers: { ...req.headers, host: new URL(upstream).host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string' && !['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) headers[k] = v;
        resolve({ status: res.statusCode ?? 502, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    up.on('error', () => resolve({ status: 502, headers: {}, body: '{"error":"upstream unreachable"}' }));
    up.end(body);
  });
}

/** Starts the proxy; `choose` decides the fault for the n-th request (from 1). */
export async function startFaultProxy(upstream: string, choose: (req: IncomingMessage, n: number) => Fault): Promise<FaultProxy> {
  const log: ArrivedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let n = 0;
  const send = (res: ServerResponse, answer: Answer, entry: ArrivedRequest) => {
    entry.status = answer.status;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  };
  const server = createServer((req, res) => {
    const at = Date.now();
    const index = ++n;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const fault = choose(req, index);
      const entry: ArrivedRequest = { n: index, method: req.method ?? '', url: req.url ?? '', at, headers: req.headers, fault: fault.kind };
      log.push(entry);
      if (fault.kind === 'reset') return req.socket.destroy();
      if (fault.kind === 'silence') return;
      if (fault.kind === 'answer') return send(res, fault.answer, entry);
      const answer = await forward(upstream, req, Buffer.concat(chunks));
      if (fault.kind === 'forward') return send(res, fault.rewrite ? fault.rewrite(answer) : answer, entry);
      const bytes = Buffer.from(answer.body);
      res.writeHead(answer.status, { ...answer.headers, 'content-type': 'application/json', 'content-length': String(bytes.length) });
      if (fault.kind === 'cut') {
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
        const t = setTimeout(() => req.socket.destroy(), 20);
        timers.add(t);
        return;
      }
      let i = 0;
      const drip = setInterval(() => {
        if (i >= bytes.length || res.destroyed) return clearInterval(drip);
        res.write(bytes.subarray(i, ++i));
      }, fault.everyMs);
      timers.add(drip);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: () => new Promise((r) => {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
      server.close(() => r());
    }),
  };
}
