// The progress reporter on its own: colours only for a terminal without NO_COLOR, and a line while a
// slow file keeps going so a CI log never looks hung.
import { describe, expect, it } from 'vitest';
import type { TestCase, TestModule, TestSpecification } from 'vitest/node';
import { formatElapsed, ProgressReporter, wantsColor } from '../src/cli/progress-reporter.ts';

function testCase(state: 'passed' | 'failed' | 'skipped', requests: number, file = 'suites/status/a.test.ts'): TestCase {
  return { result: () => ({ state }), meta: () => ({ conformance: { requests } }), module: { relativeModuleId: file } } as unknown as TestCase;
}

function testModule(file: string, tests: TestCase[]): TestModule {
  return { relativeModuleId: file, children: { allTests: () => tests.values() } } as unknown as TestModule;
}

function reporter(color: boolean) {
  let clock = 0;
  const lines: string[] = [];
  const r = new ProgressReporter({ write: (t: string) => lines.push(...t.split('\n').filter(Boolean)) }, { color, heartbeatMs: 30_000, now: () => clock });
  return { r, lines, advance: (ms: number) => (clock += ms) };
}

describe('progress lines', () => {
  it('prints a line per finished file with the run totals so far', () => {
    const { r, lines, advance } = reporter(false);
    r.onTestRunStart([{}, {}] as unknown as TestSpecification[]);
    const a = [testCase('passed', 3), testCase('failed', 2), testCase('skipped', 0)];
    r.onTestModuleStart(testModule('suites/status/a.test.ts', a));
    a.forEach((t) => r.onTestCaseResult(t));
    advance(61_000);
    r.onTestModuleEnd(testModule('suites/status/a.test.ts', a));
    r.onTestRunEnd();
    expect(lines.at(-1)).toBe('FAIL [1/2] suites/status/a.test.ts: 3 tests, 1 failed | run: 3 tests (1 failed, 1 skipped), 5 requests, 1m01s');
  });

  it('says what is still running after a quiet spell, and only then', () => {
    const { r, lines, advance } = reporter(false);
    r.onTestRunStart([{}] as unknown as TestSpecification[]);
    const tests = [testCase('passed', 4, 'suites/verify/slow.test.ts')];
    r.onTestModuleStart(testModule('suites/verify/slow.test.ts', tests));
    r.onTestCaseResult(tests[0]!);
    advance(10_000);
    r.heartbeat();
    expect(lines).toHaveLength(1);
    advance(25_000);
    r.heartbeat();
    r.onTestRunEnd();
    expect(lines.at(-1)).toBe('  ... still running suites/verify/slow.test.ts (1 tests done in it) | run: 1 tests (0 failed, 0 skipped), 4 requests, 0m35s');
  });

  it('counts the tests of files running side by side under their own files', () => {
    const { r, lines, advance } = reporter(false);
    r.onTestRunStart([{}, {}, {}] as unknown as TestSpecification[]);
    const a = [testCase('passed', 1, 'suites/verify/a.test.ts'), testCase('passed', 1, 'suites/verify/a.test.ts')];
    const b = [testCase('failed', 2, 'suites/status/b.test.ts')];
    r.onTestModuleStart(testModule('suites/verify/a.test.ts', a));
    r.onTestModuleStart(testModule('suites/status/b.test.ts', b));
    r.onTestCaseResult(a[0]!);
    r.onTestCaseResult(b[0]!);
    r.onTestModuleEnd(testModule('suites/status/b.test.ts', b));
    expect(lines.at(-1)).toBe('FAIL [1/3] suites/status/b.test.ts: 1 tests, 1 failed | run: 2 tests (1 failed, 0 skipped), 3 requests, 0m00s');
    r.onTestModuleStart(testModule('suites/ledger-query/c.test.ts', []));
    advance(31_000);
    r.heartbeat();
    r.onTestRunEnd();
    expect(lines.at(-1)).toBe('  ... still running suites/verify/a.test.ts (1 tests done in it), suites/ledger-query/c.test.ts (0 tests done in it) | run: 2 tests (1 failed, 0 skipped), 3 requests, 0m31s');
  });

  it('colours only a terminal without NO_COLOR', () => {
    expect(wantsColor({ isTTY: true }, {})).toBe(true);
    expect(wantsColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor({ isTTY: false }, {})).toBe(false);
    expect(wantsColor({}, {})).toBe(false);
    const { r, lines } = reporter(true);
    r.onTestRunStart([{}] as unknown as TestSpecification[]);
    r.onTestModuleEnd(testModule('suites/x.test.ts', [testCase('failed', 0)]));
    r.onTestRunEnd();
    expect(lines.at(-1)).toContain('\u001b[31mFAIL\u001b[39m');
    expect(formatElapsed(125_400)).toBe('2m05s');
  });
});
