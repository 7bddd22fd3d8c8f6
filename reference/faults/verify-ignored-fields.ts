// Verification faults of a verifier that does not read one body field and verifies with the rest:
// a submission the contract calls invalid is accepted and its job really compiles and matches. They
// show only at an address that holds the contract and only while it is not verified yet, which is
// why the suite sends every broken body to a known sample's address before any control verifies it.
import { BUNDLED_COMPILER_VERSION } from '../verify/solc-compiler.ts';
import { COMPILER_VERSION, LANGUAGES } from '../verify/verify-request.ts';
import type { Layer, LayerRequest } from './layer.ts';
import { submission } from './verify-validation.ts';

const LOWER_HASH = /^0x[0-9a-f]{64}$/;

/** The JSON object body of a submission, editable in place, or undefined. */
function submittedBody(req: LayerRequest): Record<string, unknown> | undefined {
  const body = submission(req) ? req.body : undefined;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

function ignoring(name: string, rules: string[], description: string, repair: (body: Record<string, unknown>) => void): Layer {
  return {
    name, interface: 'verify', rules, description,
    request(req) {
      const body = submittedBody(req);
      if (body) repair(body);
    },
  };
}

/** The source file of stdJsonInput that defines contract `name`, if any. */
function sourceDefining(input: unknown, name: string): string | undefined {
  const sources = (input as { sources?: Record<string, { content?: unknown }> } | undefined)?.sources;
  if (typeof sources !== 'object' || sources === null) return undefined;
  const defines = new RegExp(`\\bcontract\\s+${name.replace(/[^A-Za-z0-9_$]/g, '')}\\b`);
  return Object.keys(sources).find((path) => typeof sources[path]?.content === 'string' && defines.test(sources[path]!.content as string));
}

export const VERIFY_IGNORED_FIELD_FAULTS: Layer[] = [
  ignoring('verify-language-read-as-solidity', ['VF-4.8-language-enum'],
    'stdJsonInput.language is not read: a missing or unsupported language is compiled as Solidity, and the job verifies the contract.',
    (body) => {
      const input = body.stdJsonInput as Record<string, unknown> | undefined;
      if (typeof input === 'object' && input !== null && !LANGUAGES.includes(input.language as string)) input.language = 'Solidity';
    }),
  ignoring('verify-compiler-version-unread', ['VF-4.8-compiler-version-pattern', 'VF-4.8-compiler-version-required'],
    'compilerVersion is not read: a missing or malformed one is compiled with the verifier\'s own compiler, and the job verifies the contract.',
    (body) => {
      if (typeof body.compilerVersion !== 'string' || !COMPILER_VERSION.test(body.compilerVersion)) body.compilerVersion = BUNDLED_COMPILER_VERSION;
    }),
  ignoring('verify-creation-hash-case-folded', ['VF-4.8-creation-tx-hash-pattern'],
    'A creationTransactionHash with upper-case hex digits is lower-cased and taken, and the job verifies the contract.',
    (body) => {
      const hash = body.creationTransactionHash;
      if (typeof hash === 'string' && !LOWER_HASH.test(hash) && LOWER_HASH.test(hash.toLowerCase())) body.creationTransactionHash = hash.toLowerCase();
    }),
  ignoring('verify-contract-identifier-name-only', ['VF-4.8-contract-identifier-form'],
    'A contractIdentifier without a colon is taken as a contract name and looked up in the sources, and the job verifies the contract.',
    (body) => {
      const identifier = body.contractIdentifier;
      if (typeof identifier !== 'string' || identifier.includes(':')) return;
      const path = sourceDefining(body.stdJsonInput, identifier);
      if (path) body.contractIdentifier = `${path}:${identifier}`;
    }),
];
