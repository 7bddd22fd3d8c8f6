// POST /api/v1/contracts/call (contract 4.3): validates the body, resolves the block, runs the call
// in a real EVM over the stored state and maps the outcome to a result or an error body.
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContractStore } from '../contract-store.ts';
import type { ContractStates } from './block-state.ts';
import { parseCallRequest, type BlockTag } from './call-request.ts';
import { rememberCallOutcomes } from './call-outcome-memo.ts';
import { parseExactJson } from './exact-json-body.ts';
import { isJsonContentType } from './json-media-type.ts';
import { decodeRevertReason } from './revert-reason.ts';
import { QueryError, sendError, type ErrorMessage } from '../query/query-error.ts';
import { queryErrorMessage } from './query-error-body.ts';

// Not @ethereumjs/util's: that loads with the EVM, at the first call.
const bytesToHex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;

/** Room for the largest valid body (262146 characters of data) plus the other fields. */
const BODY_LIMIT = 1024 * 1024;

/** The block number a tag names, or null when it lies after the latest block. */
async function resolveBlock(store: ContractStore, tag: BlockTag): Promise<number | null> {
  const latest = await store.latestBlockNumber();
  if (tag.kind === 'number') return tag.number <= BigInt(latest) ? Number(tag.number) : null;
  return tag.kind === 'earliest' ? 0 : latest;
}

function reject(reply: FastifyReply, status: number, ...messages: ErrorMessage[]): FastifyReply {
  return sendError(reply, new QueryError(status, messages));
}

export async function registerContractCallRoute(app: FastifyInstance, opts: { store: ContractStore }): Promise<void> {
  const { store } = opts;
  let states: Promise<ContractStates> | undefined;
  const runCall = rememberCallOutcomes(async (call, blockNumber) => {
    // The EVM loads at the first call, not with the server (about 0.3 s of every start).
    const { executeCall } = await import('./execute-call.ts');
    states ??= import('./block-state.ts').then((m) => m.contractStates(store));
    return executeCall(await states, call, blockNumber);
  });
  // Encapsulated so the raw-body parsing and the error mapping below apply to this route only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    // Framework-level failures (a body over the limit, a broken stream) keep their status and
    // get the query-service error body, with the HTTP reason phrase as message.
    scope.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      reject(reply, status, queryErrorMessage(STATUS_CODES[status] ?? 'Error', error.message));
    });

    scope.post('/api/v1/contracts/call', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isJsonContentType(request.headers['content-type'])) {
        return reject(reply, 415, queryErrorMessage('Unsupported Media Type', 'the request body must be application/json'));
      }
      let body: unknown;
      try {
        body = parseExactJson(typeof request.body === 'string' ? request.body : '');
      } catch {
        return reject(reply, 400, queryErrorMessage('Bad Request', 'the request body is not valid JSON'));
      }
      const parsed = parseCallRequest(body);
      if (!parsed.ok) return reject(reply, 400, ...parsed.messages);
      const call = parsed.request;

      const blockNumber = await resolveBlock(store, call.block);
      if (blockNumber === null) {
        return reject(reply, 400, queryErrorMessage('Invalid parameter: block', 'the block is after the latest block'));
      }

      const outcome = await runCall(call, blockNumber);
      switch (outcome.kind) {
        case 'success':
          if (call.estimate) return reply.send({ result: `0x${outcome.gasUsed.toString(16)}` });
          // A call that returns no data has no byte to show, but the contract's result pattern
          // ^0x[0-9a-fA-F]+$ needs a digit ("0x" fails it): "0x0" is the hex zero quantity and
          // conforms, without claiming a returned byte the way "0x00" would.
          return reply.send({ result: outcome.returnData.length > 0 ? bytesToHex(outcome.returnData) : '0x0' });
        case 'revert':
          return reject(reply, 400, queryErrorMessage(
            'CONTRACT_REVERT_EXECUTED',
            decodeRevertReason(outcome.revertData),
            outcome.revertData.length > 0 ? bytesToHex(outcome.revertData) : null,
          ));
        case 'insufficient-gas':
          return reject(reply, 400, queryErrorMessage(
            'INSUFFICIENT_GAS',
            outcome.needed === undefined ? 'the call ran out of gas' : `the gas limit is below the intrinsic gas of ${outcome.needed}`,
          ));
        case 'execution-failure':
          return reject(reply, 400, queryErrorMessage('CONTRACT_EXECUTION_EXCEPTION', outcome.reason));
        case 'no-contract':
          return reject(reply, 404, queryErrorMessage('Not Found', `no contract at ${call.to} in block ${blockNumber}`));
      }
    });
  });
}
