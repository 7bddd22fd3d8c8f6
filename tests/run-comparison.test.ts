import { describe, expect, it } from 'vitest';
import { compareRuns, comparisonLines, previousRun } from '../src/report/compare-runs.ts';
import { ruleVerdicts } from '../src/report/rule-verdicts.ts';
import type { Rule } from '../src/rules/catalogue.ts';
import { testOutcome } from './support/outcome.ts';

const rule = (id: string): Rule => ({ id, section: '3', source: 'contract', statement: id, interface: 'status' });
const ids = ['ST-held', 'ST-now-unjudged', 'ST-failed-now-unjudged', 'ST-failed-now-known', 'ST-new', 'ST-same'];

/** This run: ST-held and ST-new held, ST-failed-now-known violated where an expectation says, the rest not judged. */
function current() {
  return ruleVerdicts(ids.map(rule), [
    testOutcome({ status: 'failed', rules: ['ST-held', 'ST-new', 'ST-failed-now-known', 'ST-same'], evaluations: { 'ST-held': [1, 0], 'ST-new': [1, 0], 'ST-same': [1, 0], 'ST-failed-now-known': [0, 1] }, violations: [{ rule: 'ST-failed-now-known', expectations: ['ST-failed-now-known |  | '] }] }),
    testOutcome({ status: 'passed', rules: ['ST-now-unjudged', 'ST-failed-now-unjudged'], meta: { notEvaluated: [{ rule: 'ST-now-unjudged', reason: 'no incident' }, { rule: 'ST-failed-now-unjudged', reason: 'no incident' }] } }),
  ], [{ rule: 'ST-failed-now-known', reason: 'known', expires: '2099-01-01' }], '2026-11-23', { interfaces: ['status'] });
}

const before = (verdict: string, evaluated: boolean) => ({ verdict, evaluations: { held: evaluated && verdict !== 'failed' ? 1 : 0, violated: verdict === 'failed' ? 1 : 0 } });

describe('comparing a run with the previous one', () => {
  const previous = previousRun('old/rules.json', {
    outcome: 'FAIL',
    rules: [
      { id: 'ST-held', ...before('failed', true) },
      { id: 'ST-now-unjudged', ...before('passed', true) },
      { id: 'ST-failed-now-unjudged', ...before('failed', true) },
      { id: 'ST-failed-now-known', ...before('failed', true) },
      { id: 'ST-same', ...before('passed', true) },
    ],
  });

  it('calls a failed rule fixed only when it held now: not judged is newly not evaluated, a known deviation is still violated', () => {
    const c = compareRuns(previous, current());
    expect(Object.fromEntries(c.changes.map((x) => [x.rule, x.change]))).toEqual({
      'ST-held': 'fixed',
      'ST-now-unjudged': 'newly-not-evaluated',
      'ST-failed-now-unjudged': 'newly-not-evaluated',
      'ST-new': 'newly-evaluated',
    });
    expect(c.changes.find((x) => x.rule === 'ST-new')?.before).toBe('not in that run');
    expect(comparisonLines(c)).toEqual([
      'Since the previous run (old/rules.json, FAIL):',
      '  fixed (failed before, held now) (1): ST-held',
      '  newly not evaluated (judged before, not now) (2): ST-now-unjudged, ST-failed-now-unjudged',
      '  newly evaluated (not judged before, judged now) (1): ST-new',
    ]);
  });

  it('compares nothing with a run that left no verdict, and refuses a document that is not a rules.json', () => {
    const c = compareRuns(previousRun('x', { outcome: 'INTERRUPTED', rules: [] }), current());
    expect(c).toMatchObject({ changes: [], note: 'the previous run ended INTERRUPTED and left no verdict to compare with' });
    expect(() => previousRun('page.html', { title: 'x' })).toThrow('--compare-to page.html is not a report\'s rules.json (no outcome and rules)');
    expect(() => previousRun('r.json', { outcome: 'PASS', rules: [{ id: 7 }] })).toThrow('--compare-to r.json: rule 1 has no id and verdict');
  });
});
