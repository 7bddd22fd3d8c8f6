// Compiler outputs kept on disk, keyed by the compiler version and the exact standard-JSON input:
// a compile is a pure function of the two, and loading solc alone costs a verifying start about a
// second of CPU and 150 MB. A run that verifies the same fixtures as the last one compiles nothing.
// Each output keeps how long its compile took: a job answered from the memo still runs that long,
// so clients see the same pending jobs (duplicate requests among them) as with a real compile.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Generated sources make every run's inputs new: the oldest outputs go beyond this many.
export const KEPT = 400;

// Outputs kept before the compile time was measured warm carry a cold compiler's time: not found again.
const FORMAT = 'warm-time';

function keyOf(compilerVersion: string, inputText: string): string {
  return createHash('sha256').update(FORMAT).update('\0').update(compilerVersion).update('\0').update(inputText).digest('hex');
}

export interface RememberedCompile {
  /** The compiler's output, as it printed it. */
  output: string;
  /** The CPU time of the compile itself (not of loading or warming the compiler, nor of waiting for it): a machine's load does not stretch it. */
  ms: number;
}

/** Remembered compiles in `dir`, keyed by compiler version and input text. */
export interface CompileMemo {
  /** The compile remembered for this input, or undefined. */
  recall(compilerVersion: string, inputText: string): RememberedCompile | undefined;
  /** Keeps a compile; a memo that cannot be written (read-only install) only costs the next compile. */
  keep(compilerVersion: string, inputText: string, compile: RememberedCompile): void;
}

export function compileMemo(dir: string): CompileMemo {
  const fileOf = (compilerVersion: string, inputText: string) => join(dir, `${keyOf(compilerVersion, inputText)}.json`);
  return {
    recall(compilerVersion, inputText) {
      try {
        return JSON.parse(readFileSync(fileOf(compilerVersion, inputText), 'utf8')) as RememberedCompile;
      } catch {
        return undefined;
      }
    },
    keep(compilerVersion, inputText, compile) {
      try {
        mkdirSync(dir, { recursive: true });
        const file = fileOf(compilerVersion, inputText);
        // Renamed into place: a concurrent reader finds the whole output or none.
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, JSON.stringify(compile));
        renameSync(temporary, file);
        pruneOldest(dir);
      } catch {
        // Not kept: nothing else depends on it.
      }
    },
  };
}

function pruneOldest(dir: string): void {
  const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  if (names.length <= KEPT) return;
  const byAge = names.map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs })).sort((a, b) => a.t - b.t);
  for (const { n } of byAge.slice(0, names.length - KEPT)) rmSync(join(dir, n), { force: true });
}
