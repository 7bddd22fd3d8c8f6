import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { declaresTurns } from './turns.ts';

/** The vitest projects (vitest.config.ts): the conformance suites, and the project's own tests. */
const CONFORMANCE_PROJECT = 'conformance';
const SELF_PROJECT = 'self';

/** A file with a test that takes turns across the run (src/harness/turns.ts); the others run wherever a worker is free. */
function holdsTurns(spec: TestSpecification): boolean {
  return declaresTurns(readFileSync(spec.moduleId, 'utf8'));
}

const WAITS_ON_TARGET = /^\/\/ lane: waits-on-target\b/m;

/**
 * Whether a test file of the project's own says that it mostly waits on a target's throttling (a
 * comment line `// lane: waits-on-target`): two such files side by side leave the cores idle.
 */
export function declaresWaitsOnTarget(source: string): boolean {
  return WAITS_ON_TARGET.test(source);
}

function waitsOnTarget(spec: TestSpecification): boolean {
  return declaresWaitsOnTarget(readFileSync(spec.moduleId, 'utf8'));
}

/**
 * Files whose tests take turns interleaved with the others, so that about one worker runs them
 * while the rest run the others: one of them first, then one after every `workers - 1` others.
 * Taken by whichever worker is free, the next of them is always close to the front of the queue,
 * so the lane seldom stands still, and seldom more than two workers hold one of them.
 */
export function laneOrder<T>(files: readonly T[], workers: number, turns: (file: T) => boolean): T[] {
  const inLane = files.filter(turns);
  const others = files.filter((f) => !turns(f));
  const between = Math.max(1, workers - 1);
  const order: T[] = [];
  while (inLane.length || others.length) {
    if (inLane.length) order.push(inLane.shift()!);
    order.push(...others.splice(0, between));
  }
  return order;
}

/** `sorted` with the files of one project put in laneOrder, the other projects' files where they were. */
function withLane(sorted: TestSpecification[], project: string, inLane: (spec: TestSpecification) => boolean): TestSpecification[] {
  const own = sorted.filter((s) => s.project.name === project);
  if (own.length === 0) return sorted;
  const arranged = laneOrder(own, own[0]!.project.config.maxWorkers, inLane);
  return sorted.map((s) => (s.project.name === project ? arranged.shift()! : s));
}

/**
 * vitest's order (longest first by the last run's durations, else largest first), with one lane per
 * project: the conformance files that hold tests taking turns across the run (in vitest's order
 * they come first and hold every worker waiting for each other's turns, while the other files
 * wait), and the project's own test files that mostly wait on a throttling target (side by side
 * they left both cores idle for 25 s of each `npm test`).
 */
export class TurnLaneSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return withLane(withLane(sorted, CONFORMANCE_PROJECT, holdsTurns), SELF_PROJECT, waitsOnTarget);
  }
}
