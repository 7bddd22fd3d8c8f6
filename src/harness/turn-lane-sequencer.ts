import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { turnsDeclared } from './turns.ts';

/** The vitest projects (vitest.config.ts): the conformance suites, and the project's own tests. */
const CONFORMANCE_PROJECT = 'conformance';
const SELF_PROJECT = 'self';

/** How many tests of a file take turns across the run (src/harness/turns.ts); files with none run wherever a worker is free. */
function turnTests(spec: TestSpecification): number {
  return turnsDeclared(readFileSync(spec.moduleId, 'utf8'));
}

/**
 * How a test file of the project's own says where it belongs in the queue, in a comment line of
 * its own: `// lane: waits-on-target` (it mostly waits out a throttling target's Retry-After
 * seconds) or `// lane: long` (one of the longest files busy with CLI runs, or a short file of one
 * long run; a long file that mostly waits is better left where it falls). Without the last run's
 * durations (a fresh clone, as in CI) vitest orders files by size, which puts a short file of long
 * runs last, alone.
 */
export type SelfLane = 'waits-on-target' | 'long';

export function declaredLane(source: string): SelfLane | undefined {
  return /^\/\/ lane: (waits-on-target|long)\b/m.exec(source)?.[1] as SelfLane | undefined;
}

function laneOf(spec: TestSpecification): SelfLane | undefined {
  return declaredLane(readFileSync(spec.moduleId, 'utf8'));
}

/**
 * Files whose tests take turns interleaved with the others, so that about one worker runs them
 * while the rest run the others: one of them first, then one after every `workers - 1` others.
 * Taken by whichever worker is free, the next of them is always close to the front of the queue,
 * so the lane seldom stands still, and seldom more than two workers hold one of them. The file with
 * the most such tests goes first: they run one after another, a chain no other worker can share
 * (queued late, the acceptance file ran alone for the last 6 s of a run 200 ms away); ties keep
 * their order.
 */
export function laneOrder<T>(files: readonly T[], workers: number, turns: (file: T) => number): T[] {
  const count = new Map(files.map((f) => [f, turns(f)]));
  const inLane = files.filter((f) => count.get(f)! > 0).sort((a, b) => count.get(b)! - count.get(a)!);
  const others = files.filter((f) => count.get(f) === 0);
  const between = Math.max(1, workers - 1);
  const order: T[] = [];
  while (inLane.length || others.length) {
    if (inLane.length) order.push(inLane.shift()!);
    order.push(...others.splice(0, between));
  }
  return order;
}

/** What the arrangement needs to know of a test file. */
export interface FileTraits<T> {
  project(file: T): string;
  /** The file's project's worker count. */
  workers(file: T): number;
  /** How many of its tests take turns across the run (a conformance file). */
  turnTests(file: T): number;
  /** What a file of the project's own tests declares of its place in the queue. */
  selfLane(file: T): SelfLane | undefined;
}

/**
 * vitest's order, with the conformance files that hold tests taking turns across the run in one
 * lane (in vitest's order they come first and hold every worker waiting for each other's turns,
 * while the other files wait); the project's own test file that mostly waits on throttling
 * targets first of all, beside the conformance files (alone they keep two cores busy two thirds
 * of the time; the waits belong in that one file: two such files met in two workers and left both
 * cores idle for 25 s of each `npm test`); then the project's own long files, then the others.
 */
export function arrangeFiles<T>(sorted: readonly T[], traits: FileTraits<T>): T[] {
  const conformance = sorted.filter((f) => traits.project(f) === CONFORMANCE_PROJECT);
  const lane = conformance.length ? laneOrder(conformance, traits.workers(conformance[0]!), traits.turnTests) : [];
  const ordered = sorted.map((f) => (traits.project(f) === CONFORMANCE_PROJECT ? lane.shift()! : f));
  const self = (wanted: SelfLane) => ordered.filter((f) => traits.project(f) === SELF_PROJECT && traits.selfLane(f) === wanted);
  const [waiting, long] = [self('waits-on-target'), self('long')];
  const rest = ordered.filter((f) => !waiting.includes(f) && !long.includes(f));
  const firstSelf = rest.findIndex((f) => traits.project(f) === SELF_PROJECT);
  return [...waiting, ...(firstSelf < 0 ? [...rest, ...long] : [...rest.slice(0, firstSelf), ...long, ...rest.slice(firstSelf)])];
}

const SPEC_TRAITS: FileTraits<TestSpecification> = {
  project: (spec) => spec.project.name,
  workers: (spec) => spec.project.config.maxWorkers,
  turnTests,
  selfLane: laneOf,
};

/** vitest's order (longest first by the last run's durations, else largest first), arranged by arrangeFiles. */
export class TurnLaneSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return arrangeFiles(await super.sort(files), SPEC_TRAITS);
  }
}
