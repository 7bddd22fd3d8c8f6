// What this machine already worked out about a text, kept by content hash in the temporary
// directory: parsing the YAML of the specs and catalogues, validating them and generating the
// schemas' checkers cost about half a second of CPU in every process that loads them (the CLI and
// each test worker). A memo holds only while the text and the tool that worked on it are
// unchanged: both are in its key. The compiled copy carries a memo of the contract's own texts,
// filled when it was built (src/harness/fill-shipped-memo.ts): a machine's first run, as in any
// CI job, has nothing to work out for them either.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const requireJson = createRequire(import.meta.url);
const YAML_PARSER = `yaml ${(requireJson('yaml/package.json') as { version: string }).version}`;
// Loaded on a memo's miss only: loading the parser costs every process about 25 ms.
const parseYaml = (text: string): unknown => (requireJson('yaml') as typeof import('yaml')).parse(text);

let dir: string | null | undefined;

/**
 * The memo the build filled beside the compiled code (dist/content-memo/): part of the package, as
 * trusted as its code. The repository's sources, as `npm test` runs them, read the same one.
 */
let shipped: string | null = ['../content-memo/', '../dist/content-memo/'].map((path) => fileURLToPath(new URL(path, import.meta.url))).find((path) => existsSync(path)) ?? null;

/** Where this process remembers from now on, and the only memo it reads: the build fills a new shipped memo with it. */
export function rememberInto(path: string): void {
  mkdirSync(path, { recursive: true });
  dir = path;
  shipped = null;
}

/** Where this user's memo lies under a temporary directory (the system's by default). */
export function machineMemoPath(temporary = tmpdir()): string {
  let user: string;
  try {
    user = String(userInfo().uid);
  } catch {
    user = 'user';
  }
  return join(temporary, `ledger-conformance-${user}`, 'content-memo');
}

/**
 * The memo's directory, or null when it may not be trusted: the temporary directory is shared, and a
 * memo holds validators' code this process runs, so the directory must be this user's alone.
 */
function memoDir(): string | null {
  if (dir !== undefined) return dir;
  const path = machineMemoPath();
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
    dir = usableMemoDir(dirname(path)) && usableMemoDir(path) ? path : null;
  } catch {
    dir = null;
  }
  return dir;
}

/**
 * Owned by this user and writable by no one else (where the system has owners: not on Windows); a
 * directory of ours that others may write to (made under another umask) is closed first.
 */
export function usableMemoDir(path: string): boolean {
  if (typeof process.getuid !== 'function') return true;
  const stats = lstatSync(path);
  if (!stats.isDirectory() || stats.uid !== process.getuid()) return false;
  if ((stats.mode & 0o022) !== 0) chmodSync(path, stats.mode & ~0o022 & 0o7777);
  return true;
}

function key(tool: string, text: string): string {
  return createHash('sha256').update(`${tool}\n`).update(text).digest('hex');
}

function entry(tool: string, text: string): string | null {
  const where = memoDir();
  return where && join(where, key(tool, text));
}

function readEntry(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A memo that cannot be written (read-only disk) only costs the work next time. */
function write(path: string, content: string): void {
  try {
    // Written aside and renamed: a reader never meets half a memo.
    writeFileSync(`${path}.${process.pid}`, content);
    renameSync(`${path}.${process.pid}`, path);
  } catch {
    // nothing to do: the memo is an optimisation
  }
}

/** What `tool` made of this text before, if this machine remembers it. */
export function recall(tool: string, text: string): string | undefined {
  const path = entry(tool, text);
  return (path ? readEntry(path) : undefined) ?? (shipped ? readEntry(join(shipped, key(tool, text))) : undefined);
}

/** Keeps what `tool` made of this text for the processes after this one. */
export function remember(tool: string, text: string, result: string): void {
  const path = entry(tool, text);
  if (path) write(path, result);
}

/** The YAML text parsed, from the memo when this text was parsed before; parse errors throw as from the parser. */
export function parseYamlRemembered(text: string): unknown {
  const known = recall(YAML_PARSER, text);
  if (known !== undefined) {
    try {
      return JSON.parse(known);
    } catch {
      // an unreadable memo (a full disk): parse again
    }
  }
  const value: unknown = parseYaml(text);
  const json = JSON.stringify(value);
  // Only what JSON carries unchanged is remembered (YAML may hold values JSON has no form for).
  if (json !== undefined && isDeepStrictEqual(JSON.parse(json), value)) remember(YAML_PARSER, text, json);
  return value;
}

/** True when `validator` found this text valid before. */
export function knownValid(validator: string, text: string): boolean {
  return recall(`valid by ${validator}`, text) !== undefined;
}

export function rememberValid(validator: string, text: string): void {
  remember(`valid by ${validator}`, text, '');
}
