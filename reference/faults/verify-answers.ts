// Verification faults on answers: the acceptance and job lookup, the error body and the error codes
// for unsupported chains, verified contracts, rate limits and broken input (sections 1, 4.8, 5, 7).
import type { Layer, LayerRequest, LayerResponse } from './layer.ts';
import { verifyError } from './layer-tools.ts';
import { acceptAsVerified, submission, verifiedJob } from './verify-validation.ts';

const JOB = /^\/v2\/verify\/[^/]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ErrorBody {
  customCode?: unknown;
  message?: unknown;
  errorId?: unknown;
}

/** The error body of a verification answer, or undefined. */
function errorBody(req: LayerRequest, res: LayerResponse): ErrorBody | undefined {
  const body = res.body as ErrorBody | undefined;
  return req.path.startsWith('/v2/verify') && res.status >= 400 && typeof body?.customCode === 'string' ? body : undefined;
}

/** Whether a JSON value nests objects more than `levels` deep, looked at no deeper than that (a body may nest beyond the stack). */
function nestsDeeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return levels === 0 || Object.values(value).some((inner) => nestsDeeperThan(inner, levels - 1));
}

/** A fault that changes error answers with one customCode. */
function onErrorCode(name: string, code: string, rules: string[], description: string, edit: (res: LayerResponse, body: ErrorBody, req: LayerRequest) => void): Layer {
  return {
    name, interface: 'verify', rules, description,
    response(req, res) {
      const body = errorBody(req, res);
      if (body?.customCode === code) edit(res, body, req);
    },
  };
}

export const VERIFY_ANSWER_FAULTS: Layer[] = [
  {
    name: 'verify-verification-id-not-uuid',
    interface: 'verify',
    rules: ['VF-4.8-accept-verification-id-uuid'],
    description: 'The acceptance gives a verificationId of the form job_<32 hex digits> instead of a UUID (the job lookup still takes it).',
    request(req) {
      const m = req.method === 'GET' ? /^\/v2\/verify\/job_([0-9a-f]{32})$/.exec(req.path) : null;
      if (m) req.path = `/v2/verify/${m[1]!.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')}`;
    },
    response(req, res) {
      const body = res.body as { verificationId?: unknown } | undefined;
      if (submission(req) && res.status === 202 && typeof body?.verificationId === 'string') body.verificationId = `job_${body.verificationId.replace(/-/g, '')}`;
    },
  },
  {
    name: 'verify-acceptance-id-renamed',
    interface: 'verify',
    rules: ['VF-4.8-accept-verification-id-uuid', 'VF-1-asynchronous-verification'],
    description: 'The acceptance answers {id} instead of {verificationId}.',
    response(req, res) {
      const body = res.body as { verificationId?: unknown } | undefined;
      if (submission(req) && res.status === 202 && body?.verificationId !== undefined) res.body = { id: body.verificationId };
    },
  },
  {
    name: 'verify-job-lookup-not-found',
    interface: 'verify',
    rules: ['VF-4.8-job-status-endpoint', 'VF-1-asynchronous-verification'],
    description: 'GET /v2/verify/{verificationId} answers 404 job_not_found for jobs it accepted.',
    request(req) {
      const id = req.method === 'GET' && JOB.test(req.path) ? req.path.split('/').pop()! : '';
      if (UUID.test(id)) return verifyError(404, 'job_not_found', `no verification job ${id}`);
    },
  },
  {
    name: 'verify-error-id-missing',
    interface: 'verify',
    rules: ['VF-7-error-body-shape'],
    description: 'Error answers leave out errorId.',
    response(req, res) {
      const body = errorBody(req, res);
      if (body) delete body.errorId;
    },
  },
  {
    name: 'verify-error-code-renamed',
    interface: 'verify',
    rules: ['VF-7-error-body-shape'],
    description: 'Error answers carry the code under `code` instead of `customCode`.',
    response(req, res) {
      const body = errorBody(req, res);
      if (body) res.body = { code: body.customCode, message: body.message, errorId: body.errorId };
    },
  },
  {
    name: 'verify-error-id-not-uuid',
    interface: 'verify',
    rules: ['VF-7-error-body-shape'],
    description: 'Error answers carry errorId as a short number instead of a UUID.',
    response(req, res) {
      const body = errorBody(req, res);
      if (body) body.errorId = String(Math.floor(Math.random() * 1e6));
    },
  },
  onErrorCode('verify-unsupported-chain-as-invalid-parameter', 'unsupported_chain', ['VF-7-unsupported-chain'],
    'A well-formed submission for an unsupported chain is refused with customCode invalid_parameter instead of unsupported_chain.',
    (_res, body) => { body.customCode = 'invalid_parameter'; }),
  {
    ...onErrorCode('verify-unsupported-chain-accepted', 'unsupported_chain', ['VF-7-unsupported-chain'],
      'A submission for an unsupported chain is accepted and its job reports a match.',
      (res, _body, req) => { if (submission(req)) acceptAsVerified(req, res); }),
    request: verifiedJob,
  },
  {
    ...onErrorCode('verify-already-verified-accepted', 'already_verified', ['VF-7-already-verified'],
      'A resubmission of a contract already verified with exact matches is accepted and verified again instead of being refused.',
      (res, _body, req) => { if (submission(req)) acceptAsVerified(req, res); }),
    request: verifiedJob,
  },
  onErrorCode('verify-already-verified-code-wrong', 'already_verified', ['VF-7-already-verified'],
    'A resubmission of a verified contract is refused with customCode duplicate_verification_request instead of already_verified.',
    (_res, body) => { body.customCode = 'duplicate_verification_request'; }),
  onErrorCode('verify-rate-limit-code-wrong', 'too_many_requests', ['VF-7-too-many-requests'],
    'Excess traffic is refused with customCode rate_limited instead of too_many_requests.',
    (_res, body) => { body.customCode = 'rate_limited'; }),
  onErrorCode('verify-rate-limit-as-500', 'too_many_requests', ['VF-7-too-many-requests', 'VF-7-no-server-error'],
    'Excess traffic fails with 500 internal_error instead of being refused with too_many_requests.',
    (res, body) => { res.status = 500; body.customCode = 'internal_error'; delete res.headers['retry-after']; }),
  onErrorCode('verify-invalid-json-500', 'invalid_json', ['VF-7-no-server-error'],
    'A body that is not JSON fails with 500 internal_error instead of being refused.',
    (res, body) => { res.status = 500; body.customCode = 'internal_error'; }),
  {
    name: 'verify-deep-settings-500-code-wrong',
    interface: 'verify',
    rules: ['VF-7-internal-error', 'VF-7-no-server-error'],
    description: 'A submission whose compiler settings nest more than 100 levels deep fails with 500 and customCode server_error instead of internal_error.',
    request(req) {
      const settings = (req.body as { stdJsonInput?: { settings?: unknown } } | undefined)?.stdJsonInput?.settings;
      if (submission(req) && nestsDeeperThan(settings, 100)) return verifyError(500, 'server_error', 'settings nested too deep');
    },
  },
  {
    name: 'verify-requires-credentials',
    interface: 'verify',
    rules: ['VF-5-no-credentials-needed'],
    description: 'A submission without an Authorization header is refused with 401.',
    request(req) {
      if (submission(req) && !req.headers.authorization) return verifyError(401, 'unauthorized', 'credentials required');
    },
  },
];
