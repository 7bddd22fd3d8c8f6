// What this machine already worked out about a text, kept by content hash in the temporary
// directory: parsing the YAML of the specs and catalogues and validating them costs about half a
// second of CPU in every process that loads them (the CLI and each test worker). A memo holds only
// while the text and the tool that worked on it are unchanged: both are in its key.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';

const requireJson = createRequire(import.meta.url);
const YAML_PARSER = `yaml ${(requireJson('yaml/package.json') as { version: string }).version}`;

function memoDir(): string {
  let user: string;
  try {
    user = String(userInfo().uid);
  } catch {
    user = 'user';
  }
  return join(tmpdir(), `ledger-conformance-${user}`, 'content-memo');
}

function entry(tool: string, text: string): string {
  return join(memoDir(), createHash('sha256').update(`${tool}\n`).update(text).digest('hex'));
}

/** A memo that cannot be written (read-only disk) only costs the work next time. */
function write(path: string, content: string): void {
  try {
    mkdirSync(memoDir(), { recursive: true });
    // Written aside and renamed: a reader never meets half a memo.
    writeFileSync(`${path}.${process.pid}`, content);
    renameSync(`${path}.${process.pid}`, path);
  } catch {
    // nothing to do: the memo is an optimisation
  }
}

/** The YAML text parsed, from the memo when this text was parsed before; parse errors throw as from the parser. */
export function parseYamlRemembered(text: string): unknown {
  const path = entry(YAML_PARSER, text);
  if (existsSync(path)) {
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      // an unreadable memo (a full disk): parse again
    }
  }
  const value: unknown = parseYaml(text);
  const json = JSON.stringify(value);
  // Only what JSON carries unchanged is remembered (YAML may hold values JSON has no form for).
  if (json !== undefined && isDeepStrictEqual(JSON.parse(json), value)) write(path, json);
  return value;
}

/** True when `validator` found this text valid before. */
export function knownValid(validator: string, text: string): boolean {
  return existsSync(entry(`valid by ${validator}`, text));
}

export function rememberValid(validator: string, text: string): void {
  write(entry(`valid by ${validator}`, text), '');
}
