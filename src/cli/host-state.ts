// vitest treats the process it runs in as its own: it sets the exit code when a test fails and puts
// its variables (TEST, VITEST, NODE_ENV, BASE_URL, MODE, ...) into process.env. A run inside another
// program must leave that program's state as it found it; BASE_URL would even read as a target.

let running = 0;
let before: { exitCode: typeof process.exitCode; env: Set<string> } | undefined;

/**
 * Runs `task` (one that starts vitest) and then gives back the exit code and the environment variables the
 * process had before it: once the last of several runs side by side has ended, as they share both.
 */
export async function keepingHostState<T>(task: () => Promise<T>): Promise<T> {
  if (running++ === 0) before = { exitCode: process.exitCode, env: new Set(Object.keys(process.env)) };
  try {
    return await task();
  } finally {
    if (--running === 0) {
      process.exitCode = before!.exitCode;
      for (const name of Object.keys(process.env)) if (!before!.env.has(name)) delete process.env[name];
      before = undefined;
    }
  }
}
