// The verification interface (contract 4.8): POST /v2/verify/{chainId}/{address} starts a job,
// GET /v2/verify/{verificationId} reports it. Every /v2/verify request passes a per-client rate limit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContractStore } from '../contract-store.ts';
import { storeDeployedCode, type DeployedCode } from './deployed-code.ts';
import { VERIFY_ERROR_STATUS, verifyErrorBody, type VerifyErrorCode } from './verify-error.ts';
import { validateVerifyRequest } from './verify-request.ts';
import { VerificationJobs } from './verification-jobs.ts';
import { DEFAULT_VERIFY_RATE_LIMIT, fixedWindowLimiter, type RateLimitOptions } from './rate-limit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Standard-JSON inputs with many sources are large; this leaves room for them. */
const BODY_LIMIT = 20 * 1024 * 1024;

function sendError(reply: FastifyReply, code: VerifyErrorCode | 'route_not_found', message: string): FastifyReply {
  return reply.code(code === 'route_not_found' ? 404 : VERIFY_ERROR_STATUS[code]).send(verifyErrorBody(code, message));
}

/** The interface defines no query parameters: any given one is refused, as the real service does. */
function unknownQueryParameter(request: FastifyRequest): string | undefined {
  return Object.keys((request.query ?? {}) as Record<string, unknown>)[0];
}

export async function registerVerifyRoutes(
  app: FastifyInstance,
  opts: { store: ContractStore; rateLimit?: RateLimitOptions; deployedCode?: DeployedCode },
): Promise<{ close(): Promise<void> }> {
  // The chains served and their code: the store's fixture deployments unless a chain is given (--verify-rpc).
  const chain = opts.deployedCode ?? storeDeployedCode(opts.store);
  const jobs = new VerificationJobs(chain);
  const limiter = fixedWindowLimiter(opts.rateLimit ?? DEFAULT_VERIFY_RATE_LIMIT);

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) return sendError(reply, 'internal_error', 'unexpected server failure');
      return reply.code(status).send(verifyErrorBody('invalid_parameter', error.message));
    });
    scope.addHook('onRequest', async (request, reply) => {
      const retryAfter = limiter.take(request.ip, Date.now());
      if (retryAfter !== null) {
        reply.header('retry-after', String(retryAfter));
        return sendError(reply, 'too_many_requests', `too many requests: retry after ${retryAfter} s`);
      }
    });

    // Wildcard routes, split here: path parameters of any length reach the validation below and
    // get the interface's error body (fixed parametric routes would stop long ones at the router).
    scope.post<{ Params: { '*': string } }>('/v2/verify/*', async (request, reply) => {
      const segments = request.params['*'].split('/');
      if (segments.length !== 2) return sendError(reply, 'route_not_found', `no route POST ${request.url}`);
      const [chainId, address] = segments;
      const unknown = unknownQueryParameter(request);
      if (unknown !== undefined) return sendError(reply, 'invalid_parameter', `unknown query parameter: ${unknown}`);
      let body: unknown;
      try {
        body = JSON.parse(typeof request.body === 'string' ? request.body : '');
      } catch {
        return sendError(reply, 'invalid_json', 'the request body is not valid JSON');
      }
      const validated = validateVerifyRequest({ chainId, address }, body);
      if (!validated.ok) return sendError(reply, 'invalid_parameter', validated.message);
      const submission = validated.value;
      if (!chain.chainIds.has(String(BigInt(submission.chainId)))) {
        return sendError(reply, 'unsupported_chain', `chain ${submission.chainId} is not supported; supported: ${[...chain.chainIds].join(', ')}`);
      }
      if (jobs.isAlreadyVerified(submission.chainId, submission.address)) {
        return sendError(reply, 'already_verified', `${submission.address} on chain ${submission.chainId} is already verified with exact runtime and creation matches`);
      }
      if (jobs.isRunning(submission.chainId, submission.address)) {
        return sendError(reply, 'duplicate_verification_request', `a verification of ${submission.address} on chain ${submission.chainId} is still running`);
      }
      return reply.code(202).send({ verificationId: jobs.submit(submission) });
    });

    scope.get<{ Params: { '*': string } }>('/v2/verify/*', async (request, reply) => {
      const segments = request.params['*'].split('/');
      if (segments.length !== 1) return sendError(reply, 'route_not_found', `no route GET ${request.url}`);
      const [verificationId] = segments;
      const unknown = unknownQueryParameter(request);
      if (unknown !== undefined) return sendError(reply, 'invalid_parameter', `unknown query parameter: ${unknown}`);
      if (!UUID.test(verificationId)) return sendError(reply, 'invalid_parameter', 'verificationId must be a UUID');
      const view = jobs.view(verificationId.toLowerCase());
      if (!view) return sendError(reply, 'job_not_found', `no verification job ${verificationId}`);
      return reply.send(view);
    });
  });

  return { close: () => jobs.close() };
}
