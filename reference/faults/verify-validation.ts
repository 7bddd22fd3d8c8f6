// Verification faults on submission validation (section 4.8, 8): a check the service skips, so a
// submission it must refuse is accepted and its job reports a match, or a valid one is refused.
// Each wraps the correct validation: it rewrites the answer the handler gave when that answer
// named the field the fault stops checking.
import type { Layer, LayerRequest, LayerResponse } from './layer.ts';
import { jsonAnswer, verifyError } from './layer-tools.ts';

const SUBMIT = /^\/v2\/verify\/([^/]*)\/([^/]*)$/;

/** chainId and address of a submission, or undefined for other requests. */
export function submission(req: LayerRequest): { chainId: string; address: string } | undefined {
  const m = req.method === 'POST' ? SUBMIT.exec(req.path) : null;
  return m ? { chainId: decodeURIComponent(m[1]!), address: decodeURIComponent(m[2]!) } : undefined;
}

function refusal(res: LayerResponse): string | undefined {
  const body = res.body as { customCode?: string; message?: string } | undefined;
  return res.status === 400 && body?.customCode === 'invalid_parameter' ? body.message ?? '' : undefined;
}

/** Submissions a fault accepted instead of refusing, by verification ID. */
const acceptedByFault = new Map<string, { chainId: string; address: string; at: string }>();

/** Answers a submission the service should have refused with an acceptance whose job will report an exact match. */
export function acceptAsVerified(req: LayerRequest, res: LayerResponse): void {
  const verificationId = crypto.randomUUID();
  const { chainId, address } = submission(req)!;
  acceptedByFault.set(verificationId, { chainId, address, at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') });
  Object.assign(res, jsonAnswer(202, { verificationId }));
}

/** The job lookup of a submission a fault accepted: completed, with exact matches. */
export function verifiedJob(req: LayerRequest): LayerResponse | undefined {
  const id = req.method === 'GET' ? /^\/v2\/verify\/([^/]+)$/.exec(req.path)?.[1] : undefined;
  const job = id ? acceptedByFault.get(id) : undefined;
  if (!job) return undefined;
  return jsonAnswer(200, {
    isJobCompleted: true, verificationId: id, jobStartTime: job.at, jobFinishTime: job.at, compilationTime: '1',
    contract: { match: 'exact_match', creationMatch: 'exact_match', runtimeMatch: 'exact_match', chainId: job.chainId, address: job.address, verifiedAt: job.at, matchId: '1' },
  });
}

/** A fault that accepts (and verifies) submissions the correct validation refused for the reason `picks` recognises. */
function skipsCheck(name: string, rules: string[], description: string, picks: (message: string, req: LayerRequest) => boolean): Layer {
  return {
    name, interface: 'verify', rules, description,
    request: verifiedJob,
    response(req, res) {
      const message = submission(req) ? refusal(res) : undefined;
      if (message !== undefined && picks(message, req)) acceptAsVerified(req, res);
    },
  };
}

export const VERIFY_VALIDATION_FAULTS: Layer[] = [
  skipsCheck('verify-chain-id-letters-accepted', ['VF-4.8-chainid-pattern'], 'A chainId with other characters than digits is accepted.',
    (m, req) => m.startsWith('chainId') && !/^\d*$/.test(submission(req)!.chainId)),
  skipsCheck('verify-chain-id-21-digits-accepted', ['VF-8-chainid-length', 'VF-4.8-chainid-pattern'], 'A chainId of more than 20 digits is accepted.',
    (m, req) => m.startsWith('chainId') && /^\d{21,}$/.test(submission(req)!.chainId)),
  skipsCheck('verify-address-unchecked', ['VF-4.8-address-pattern', 'VF-4.8-address-length'], 'An address that is not 0x and 40 hex digits is accepted.',
    (m) => m.startsWith('address')),
  skipsCheck('verify-address-length-unchecked', ['VF-4.8-address-length', 'VF-4.8-address-pattern'], 'An address longer than 42 characters that starts with a valid address is accepted.',
    (m, req) => m.startsWith('address') && /^0x[0-9a-fA-F]{40}./.test(submission(req)!.address)),
  skipsCheck('verify-stdjsoninput-optional', ['VF-4.8-stdjsoninput-required'], 'A submission without stdJsonInput is accepted.',
    (m) => m.startsWith('stdJsonInput is required')),
  skipsCheck('verify-language-unchecked', ['VF-4.8-language-enum'], 'stdJsonInput.language is not checked: a missing or unknown language is accepted.',
    (m) => m.startsWith('stdJsonInput.language')),
  skipsCheck('verify-sources-settings-optional', ['VF-4.8-stdjsoninput-sources-settings'], 'A stdJsonInput without sources or settings is accepted.',
    (m) => m.startsWith('stdJsonInput.sources') || m.startsWith('stdJsonInput.settings')),
  skipsCheck('verify-compiler-version-unchecked', ['VF-4.8-compiler-version-required', 'VF-4.8-compiler-version-pattern'], 'compilerVersion is not checked: a missing or malformed one is accepted.',
    (m) => m.startsWith('compilerVersion')),
  skipsCheck('verify-contract-identifier-unchecked', ['VF-4.8-contract-identifier-required', 'VF-4.8-contract-identifier-form'], 'contractIdentifier is not checked: a missing one or one without path:Name is accepted.',
    (m) => m.startsWith('contractIdentifier')),
  skipsCheck('verify-creation-hash-unchecked', ['VF-4.8-creation-tx-hash-pattern'], 'A malformed creationTransactionHash (upper case, short) is accepted.',
    (m) => m.startsWith('creationTransactionHash')),
  {
    name: 'verify-address-upper-case-refused',
    interface: 'verify',
    rules: ['VF-4.8-address-case-insensitive'],
    description: 'An address with upper-case hex digits is refused as invalid (only lower case is accepted).',
    request(req) {
      const s = submission(req);
      if (s && /^0x[0-9a-fA-F]{40}$/.test(s.address) && /[A-F]/.test(s.address)) return verifyError(400, 'invalid_parameter', 'address must be lower-case hex');
    },
  },
  {
    name: 'verify-compiler-version-v-required',
    interface: 'verify',
    rules: ['VF-4.8-compiler-version-pattern'],
    description: 'A compilerVersion without the leading v (0.8.37+commit...) is refused.',
    request(req) {
      const version = submission(req) ? (req.body as { compilerVersion?: unknown } | undefined)?.compilerVersion : undefined;
      if (typeof version === 'string' && /^\d/.test(version)) return verifyError(400, 'invalid_parameter', 'compilerVersion must start with v');
    },
  },
  {
    name: 'verify-creation-hash-required',
    interface: 'verify',
    rules: ['VF-4.8-creation-tx-hash-optional'],
    description: 'A submission without creationTransactionHash is refused.',
    request(req) {
      const body = submission(req) ? req.body : undefined;
      if (body && typeof body === 'object' && !('creationTransactionHash' in body)) return verifyError(400, 'invalid_parameter', 'creationTransactionHash is required');
    },
  },
];
