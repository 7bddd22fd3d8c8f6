// Requests Node's HTTP parser refuses before fastify sees them (a request line or headers beyond
// Node's 16 KiB limit, a malformed header): answered in the error body of the interface the request
// line names, never in fastify's own body. Only the raw bytes are known here, so the interface is
// read from the start of the request line.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError } from 'fastify';
import { errorBodyJson } from './query/query-error.ts';
import { verifyErrorBody } from './verify/verify-error.ts';

/** Larger than any request line Node accepts: every path parameter then reaches its handler. */
export const MAX_PARAM_LENGTH = 16_384;

function answerFor(error: ConnectionError): { status: number; body: string } {
  const [status, detail] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'The request line and headers exceed 16 KiB']
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'The request was not received in time']
    : [400, 'The request is not valid HTTP'];
  // Node hands over the unparsed bytes as a Buffer (fastify's type shows its JSON form); absent for timeouts.
  const raw: unknown = error.rawPacket;
  const requestLine = Buffer.isBuffer(raw) ? raw.subarray(0, 64).toString('latin1') : '';
  if (/^[A-Z]+ \/v2\/verify/.test(requestLine)) return { status, body: JSON.stringify(verifyErrorBody('invalid_parameter', detail)) };
  return { status, body: errorBodyJson([{ message: STATUS_CODES[status]!, detail }]) };
}

export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, body } = answerFor(error);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
      + `Content-Type: application/json; charset=utf-8\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
