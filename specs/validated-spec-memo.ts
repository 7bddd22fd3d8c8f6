// Spec documents already found valid, remembered by content: validating compiles the OpenAPI
// schema (a quarter second of CPU) in every process that loads a spec, the CLI and each test
// worker alike. A text validated once stays valid while it and the validator are unchanged.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const VALIDATOR_VERSION = (createRequire(import.meta.url)('@apidevtools/swagger-parser/package.json') as { version: string }).version;

function memoDir(): string {
  let user: string;
  try {
    user = String(userInfo().uid);
  } catch {
    user = 'user';
  }
  return join(tmpdir(), `ledger-conformance-${user}`, 'valid-specs');
}

function entry(text: string): string {
  return join(memoDir(), createHash('sha256').update(`swagger-parser ${VALIDATOR_VERSION}\n`).update(text).digest('hex'));
}

export function knownValid(text: string): boolean {
  return existsSync(entry(text));
}

/** Remembers a valid text; a memo that cannot be written (read-only disk) only costs the next validation. */
export function rememberValid(text: string): void {
  try {
    mkdirSync(memoDir(), { recursive: true });
    writeFileSync(entry(text), '');
  } catch {
    // nothing to do: the memo is an optimisation
  }
}
