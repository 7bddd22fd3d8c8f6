import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../http/exchange.ts';

/**
 * One judgement of one rule on real answers: the event every verdict is built from. A rule passes
 * only on held evaluations; naming a rule in a test proves nothing by itself.
 */
export interface Evaluation {
  rule: string;
  held: boolean;
  /** The exchanges the judgement rested on (none for a judgement about data gathered earlier). */
  exchanges: Exchange[];
  detail?: string;
  /** The clause of the rule it judged (catalogue `clauses`): a rule with clauses passes only when each held. */
  clause?: string;
}

/** A rule a test meant to judge but could not, and why (the answer it needed did not happen). */
export interface SkippedEvaluation {
  rule: string;
  reason: string;
  /** The answer it needed is one a correct target may lack (see AbsenceOptions). */
  mayLack?: boolean;
}

export interface EvaluationSink {
  evaluated(evaluation: Evaluation): void;
  notEvaluated(skipped: SkippedEvaluation): void;
}

// Per test, not per process: the sink follows the test's async calls (properties, walkers, helpers).
const current = new AsyncLocalStorage<EvaluationSink>();

/** Runs `body` with every evaluation it records going to `sink`. */
export function collectEvaluations<T>(sink: EvaluationSink, body: () => T): T {
  return current.run(sink, body);
}

/** Records a judgement; outside a conformance test (a helper's own unit test) there is nobody to tell. */
export function recordEvaluation(evaluation: Evaluation): void {
  current.getStore()?.evaluated(evaluation);
}

export function recordNotEvaluated(skipped: SkippedEvaluation): void {
  current.getStore()?.notEvaluated(skipped);
}
