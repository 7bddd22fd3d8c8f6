// A loopback proxy in front of the reference that breaks one thing: it may rewrite the request
// body on its way in, answer in the target's place, or rewrite the target's answer.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Fault {
  /** The path and query the target gets instead of those sent. */
  url?(req: IncomingMessage): string;
  /** The request body the target gets instead of the one sent. */
  request?(req: IncomingMessage, body: string): string;
  /** Answers in the target's place (the request body given), or undefined to forward. */
  intercept?(req: IncomingMessage, body: string): Answer | undefined;
  /** Rewrites the target's answer. */
  rewrite?(req: IncomingMessage, answer: Answer): Answer;
}

export interface FaultProxy {
  url: string;
  close(): Promise<void>;
}

export async function startFaultProxy(upstream: string, fault: Fault): Promise<FaultProxy> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (answer: Answer) => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      };
      const sent = Buffer.concat(chunks).toString('utf8');
      const own = fault.intercept?.(req, sent);
      if (own) return reply(own);
      const body = fault.request ? fault.request(req, sent) : sent;
      const headers = { ...req.headers, host: new URL(upstream).host, 'content-length': String(Buffer.byteLength(body)) };
      const up = httpRequest(new URL(fault.url ? fault.url(req) : (req.url ?? '/'), upstream), { method: req.method, headers }, (upRes) => {
        const parts: Buffer[] = [];
        upRes.on('data', (c: Buffer) => parts.push(c));
        upRes.on('end', () => {
          const kept: Record<string, string> = {};
          for (const [k, v] of Object.entries(upRes.headers)) if (typeof v === 'string' && !['content-length', 'transfer-encoding', 'connection'].includes(k)) kept[k] = v;
          const answer = { status: upRes.statusCode ?? 502, headers: kept, body: Buffer.concat(parts).toString('utf8') };
          reply(fault.rewrite ? fault.rewrite(req, answer) : answer);
        });
      });
      up.on('error', () => reply({ status: 502, headers: { 'content-type': 'application/json' }, body: '{"error":"upstream unreachable"}' }));
      up.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

/** The JSON of an answer, when it is JSON. */
export function answerJson(answer: Answer): Record<string, any> | undefined {
  try {
    return JSON.parse(answer.body) as Record<string, any>;
  } catch {
    return undefined;
  }
}
