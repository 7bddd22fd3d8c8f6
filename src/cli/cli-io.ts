// Where a command writes and which environment it reads: the process's own for the CLI, a caller's
// for a run inside another program (several can go at once there, each with its own).
import type { Writable } from 'node:stream';

export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  /** Read when the command starts (targets, headers, seed, DEBUG, NO_COLOR). */
  env: NodeJS.ProcessEnv;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}
