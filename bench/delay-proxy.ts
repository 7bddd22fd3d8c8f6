// A loopback proxy that answers every request `delayMs` late: a target as far away as a remote
// service, with the reference behind it. Bodies and headers pass unchanged.
import { createServer, request, type Server } from 'node:http';

export interface DelayProxy {
  url: string;
  close(): Promise<void>;
}

// Hop-by-hop headers describe the connection to the reference, not this one: its Keep-Alive
// timeout passed on would let the client reuse a connection this proxy closed meanwhile.
const HOP_BY_HOP = new Set(['connection', 'keep-alive']);

function endToEndHeaders(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  return kept;
}

// Node's own limit on a request's line and headers (16 KiB) would answer an over-long request itself,
// with a bare 431 and no body: the target behind the proxy must see it and answer it as it does.
const PASSED_HEADER_BYTES = 1 << 20;

export async function startDelayProxy(target: string, delayMs: number): Promise<DelayProxy> {
  const upstream = new URL(target);
  const server: Server = createServer({ maxHeaderSize: PASSED_HEADER_BYTES }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, maxHeaderSize: PASSED_HEADER_BYTES }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => setTimeout(() => {
          res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.rawHeaders));
          res.end(Buffer.concat(body));
        }, delayMs));
      });
      forward.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`delay proxy: ${error.message}`);
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
