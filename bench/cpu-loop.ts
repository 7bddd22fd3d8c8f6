// The processor's speed while a bench runs: on this machine it moves by a fifth and more within an
// hour at the same load average, and with it some of the figures, not all of them.
import { performance } from 'node:perf_hooks';

/** Milliseconds of one fixed loop of integer arithmetic (3e8 steps: about 0.4-0.6 s on this machine). */
export function cpuLoopMs(): number {
  const start = performance.now();
  let sum = 0;
  for (let i = 0; i < 3e8; i++) sum += i % 7;
  const ms = performance.now() - start;
  // The sum is checked so that no compiler may drop the loop as unused.
  if (sum !== 899_999_997) throw new Error(`the CPU loop summed to ${sum}`);
  return ms;
}
