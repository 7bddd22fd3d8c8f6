// A JSON-RPC node on 127.0.0.1 for the tests of the code that calls one (the suite's caller, the
// reference's chain reader): the first segment of a request's path picks how it answers, and it
// counts the requests per path and keeps every call it was sent.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JsonRpcCall {
  jsonrpc: string;
  id: number;
  method: string;
  params: unknown[];
}

/** An HTTP answer, or none at all ('silent'). */
export type NodeAnswer = { status: number; contentType?: string; body: string } | 'silent';

export interface LoopbackJsonRpcNode {
  origin: string;
  /** Requests per first path segment. */
  asked: Map<string, number>;
  calls: JsonRpcCall[];
  close(): Promise<void>;
}

/** A JSON-RPC envelope with a result, or with an error object (at `status`). */
export const rpcResult = (call: JsonRpcCall, result: unknown): NodeAnswer => jsonAnswer(200, { jsonrpc: '2.0', id: call.id, result });
export const rpcError = (call: JsonRpcCall, code: number, message: string, status = 200): NodeAnswer => jsonAnswer(status, { jsonrpc: '2.0', id: call.id, error: { code, message } });
export const jsonAnswer = (status: number, body: unknown): NodeAnswer => ({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** `answer` gets the path's first segment, the call, and how many times that segment was asked (this time included). */
export async function startJsonRpcNode(answer: (path: string, call: JsonRpcCall, times: number) => NodeAnswer): Promise<LoopbackJsonRpcNode> {
  const asked = new Map<string, number>();
  const calls: JsonRpcCall[] = [];
  const node = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const path = request.url!.split('/')[1]!;
      const times = (asked.get(path) ?? 0) + 1;
      asked.set(path, times);
      const call = JSON.parse(text) as JsonRpcCall;
      calls.push(call);
      const given = answer(path, call, times);
      if (given === 'silent') return;
      response.writeHead(given.status, given.contentType ? { 'content-type': given.contentType } : {});
      response.end(given.body);
    });
  });
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(node.address() as AddressInfo).port}`,
    asked,
    calls,
    close: () => new Promise<void>((resolve) => {
      node.closeAllConnections();
      node.close(() => resolve());
    }),
  };
}
