import type fc from 'fast-check';

export interface RunNumbers {
  /** The run's seed (`--seed`): every property of a run uses it, so a run can be replayed. */
  seed: number;
  /** How many cases per property (`--depth`). */
  depth: number;
  /** A failure's shrink path (from formatReplay): replays just that counterexample. */
  path?: string;
}

/**
 * fast-check parameters for one property of a run: the run's seed and `depth` cases, shrinking on
 * (endOnFailure off) so a failure reports its smallest counterexample. With a `path` the run replays
 * that counterexample only, where endOnFailure is what fast-check expects.
 */
export function propertySettings<Ts>({ seed, depth, path }: RunNumbers): fc.Parameters<Ts> {
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`depth must be a positive integer, got ${depth}`);
  if (path !== undefined) return { seed, numRuns: depth, path, endOnFailure: true };
  return { seed, numRuns: depth, endOnFailure: false };
}

/**
 * How to replay a failed property: its seed, the shrink path and the counterexample, with the
 * command-line flag that reruns it. `failure` is what fc.check returns.
 */
export function formatReplay(failure: Pick<fc.RunDetails<unknown>, 'failed' | 'seed' | 'counterexamplePath' | 'counterexample'>): string | undefined {
  if (!failure.failed) return undefined;
  const path = failure.counterexamplePath ?? '';
  const example = formatInput(failure.counterexample);
  return [
    `seed ${failure.seed}${path ? `, path ${path}` : ''}`,
    `counterexample ${example}`,
    `replay: --seed ${failure.seed}${path ? ` (fast-check path "${path}")` : ''}`,
  ].join('\n');
}

/** An input as JSON for a report, long strings cut to their first 200 characters. */
export function formatInput(input: unknown): string {
  return JSON.stringify(input, (_, v) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}… (${v.length} characters)` : v));
}
