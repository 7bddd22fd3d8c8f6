import type { RuleRow, RunVerdict } from './rule-verdicts.ts';

function xml(text: string): string {
  // XML 1.0 forbids most control characters even when escaped: drop them.
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function counts(row: RuleRow): string {
  const e = row.evaluations;
  return `held ${e.held}, violated ${e.violated}, over ${e.exchanges} exchange(s); tests: ${row.tests.map((t) => `${t.title} (${t.status})`).join('; ') || 'none'}`;
}

/** One rule as a JUnit test case: red only when the rule's verdict fails the run. */
function ruleCase(row: RuleRow): string {
  const name = `${row.rule.id}: ${row.rule.statement}`;
  const open = `    <testcase classname="${xml(`${row.rule.interface}.section-${row.rule.section}`)}" name="${xml(name)}" time="0">`;
  const first = row.violations[0];
  const detail = first ? `${first.message}${first.exchange ? `\nreproduce: ${first.exchange.curl}` : ''}` : '';
  const out = `      <system-out>${xml(`${row.verdict}: ${counts(row)}${row.expectation ? `\nexpectation: ${row.expectation.reason}` : ''}${detail && row.verdict !== 'failed' ? `\n${detail}` : ''}`)}</system-out>`;
  let verdict = '';
  if (row.verdict === 'failed') verdict = `      <failure message="${xml(`${row.violations.length} violation(s) of a contract rule`)}" type="contract">${xml(detail)}</failure>`;
  else if (row.verdict === 'error') verdict = `      <error message="${xml(row.reason ?? 'a test broke before judging')}"/>`;
  else if (['not-evaluated', 'skipped', 'uncovered'].includes(row.verdict)) verdict = `      <skipped message="${xml(`${row.verdict}: ${row.reason ?? ''}`)}"/>`;
  return [open, verdict, out, '    </testcase>'].filter(Boolean).join('\n');
}

/**
 * JUnit XML built from the rule verdicts, so CI shows what the summary says: one test case per
 * rule, plus one for the run's verdict (red when it is FAIL or INCOMPLETE).
 */
export function junitFromVerdict(verdict: RunVerdict, wallMs: number): string {
  const suites = verdict.coverage.map((c) => {
    const rows = verdict.rows.filter((r) => r.rule.interface === c.interface);
    const failures = rows.filter((r) => r.verdict === 'failed').length;
    const errors = rows.filter((r) => r.verdict === 'error').length;
    const skipped = rows.filter((r) => ['not-evaluated', 'skipped', 'uncovered'].includes(r.verdict)).length;
    return { body: `  <testsuite name="${xml(c.interface)}" tests="${rows.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="0">\n${rows.map(ruleCase).join('\n')}\n  </testsuite>`, tests: rows.length, failures, errors, skipped };
  });
  const runVerdict = verdict.outcome === 'PASS' ? '' : verdict.outcome === 'FAIL'
    ? `      <failure message="FAIL (exit ${verdict.exitCode})" type="verdict">${xml(verdict.causes.join('\n'))}</failure>`
    : `      <error message="${xml(`INCOMPLETE (exit ${verdict.exitCode}): ${verdict.causes.join('; ')}`)}"/>`;
  const runSuite = `  <testsuite name="run" tests="1" failures="${verdict.outcome === 'FAIL' ? 1 : 0}" errors="${verdict.outcome === 'INCOMPLETE' ? 1 : 0}" skipped="0" time="${(wallMs / 1000).toFixed(3)}">\n    <testcase classname="run" name="ledger-conformance verdict: ${verdict.outcome}" time="${(wallMs / 1000).toFixed(3)}">${runVerdict ? `\n${runVerdict}\n    ` : ''}</testcase>\n  </testsuite>`;
  const sum = (key: 'tests' | 'failures' | 'errors' | 'skipped') => suites.reduce((n, s) => n + s[key], 0);
  const failures = sum('failures') + (verdict.outcome === 'FAIL' ? 1 : 0);
  const errors = sum('errors') + (verdict.outcome === 'INCOMPLETE' ? 1 : 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ledger-conformance" tests="${sum('tests') + 1}" failures="${failures}" errors="${errors}" skipped="${sum('skipped')}" time="${(wallMs / 1000).toFixed(3)}">\n${[...suites.map((s) => s.body), runSuite].join('\n')}\n</testsuites>\n`;
}

/** JUnit for a run stopped by a signal: one red case, so a CI widget never shows the previous run's green. */
export function junitInterrupted(why: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ledger-conformance" tests="1" failures="0" errors="1" skipped="0" time="0">\n  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="0">\n    <testcase classname="run" name="ledger-conformance verdict: INTERRUPTED" time="0">\n      <error message="${xml(`INTERRUPTED: ${why}`)}"/>\n    </testcase>\n  </testsuite>\n</testsuites>\n`;
}
