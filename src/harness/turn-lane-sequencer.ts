import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { declaresTurns } from './turns.ts';

/** The vitest project of the conformance suites (vitest.config.ts). */
const CONFORMANCE_PROJECT = 'conformance';

/** A file with a test that takes turns across the run (src/harness/turns.ts); the others run wherever a worker is free. */
function holdsTurns(spec: TestSpecification): boolean {
  return declaresTurns(readFileSync(spec.moduleId, 'utf8'));
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

/**
 * vitest's order (longest first, by the last run's durations), with the conformance files that hold
 * tests taking turns across the run kept in one lane: in vitest's order they come first and hold
 * every worker waiting for each other's turns, while the other files wait. Other projects keep
 * vitest's order.
 */
export class TurnLaneSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const conformance = sorted.filter((s) => s.project.name === CONFORMANCE_PROJECT);
    if (conformance.length === 0) return sorted;
    const arranged = laneOrder(conformance, conformance[0]!.project.config.maxWorkers, holdsTurns);
    return sorted.map((s) => (s.project.name === CONFORMANCE_PROJECT ? arranged.shift()! : s));
  }
}
