import { readFileSync } from 'node:fs';
import type { ConformanceMeta } from '../harness/conformance-meta.ts';

export type TestStatus = 'passed' | 'failed' | 'skipped';

/** One conformance test as it ended, read back from vitest's JSON results. */
export interface TestOutcome {
  file: string;
  title: string;
  status: TestStatus;
  rules: string[];
  meta?: ConformanceMeta;
  failureMessages: string[];
  durationMs: number;
}

interface JsonAssertion {
  fullName: string;
  title: string;
  status: string;
  duration?: number;
  failureMessages?: string[];
  meta?: { rules?: string[]; conformance?: ConformanceMeta };
}

interface JsonResults {
  testResults: Array<{ name: string; assertionResults: JsonAssertion[]; message?: string; status?: string }>;
}

export class ResultsError extends Error {
  override name = 'ResultsError';
}

/** Reads vitest's JSON report; a suite file that failed to load becomes one failed pseudo-test. */
export function readTestOutcomes(path: string, root: string): TestOutcome[] {
  let results: JsonResults;
  try {
    results = JSON.parse(readFileSync(path, 'utf8')) as JsonResults;
  } catch (error) {
    throw new ResultsError(`cannot read test results ${path}: ${(error as Error).message}`);
  }
  const outcomes: TestOutcome[] = [];
  for (const file of results.testResults ?? []) {
    const rel = file.name.startsWith(root) ? file.name.slice(root.length).replace(/^\//, '') : file.name;
    if (file.assertionResults.length === 0 && file.status === 'failed') {
      outcomes.push({ file: rel, title: `${rel} could not run`, status: 'failed', rules: [], failureMessages: [file.message ?? 'suite failed to load'], durationMs: 0 });
    }
    for (const a of file.assertionResults) {
      const status: TestStatus = a.status === 'passed' ? 'passed' : a.status === 'failed' ? 'failed' : 'skipped';
      outcomes.push({
        file: rel,
        title: a.fullName || a.title,
        status,
        rules: a.meta?.conformance?.rules ?? a.meta?.rules ?? [],
        meta: a.meta?.conformance,
        failureMessages: a.failureMessages ?? [],
        durationMs: a.duration ?? 0,
      });
    }
  }
  return outcomes;
}
