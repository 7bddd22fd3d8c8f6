import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorExit } from '../../src/cli/exit-on-error.ts';
import { overviewUsage } from '../../src/cli/usage.ts';
import { COMMANDS } from '../../src/cli/commands.ts';
import { ConfigError } from '../../src/config/run-config.ts';
import { EXIT_CODES } from '../../src/report/exit-codes.ts';
import { reportPaths } from '../../src/report/report-paths.ts';
import { driftPaths } from '../../src/drift/drift-report.ts';
import { SELF_CHECK_PAGE } from '../../src/report/self-check-page.ts';
import { ROOT, concurrencyLimit, runCli as runCliNow, tempDir } from './cli-helpers.ts';
import { readmeReportFiles } from '../support/readme-report-files.ts';

const cliSlot = concurrencyLimit(2);
const runCli = (args: string[]) => cliSlot(() => runCliNow(args));
const VERDICT_FILES = ['summary.txt', 'rules.json', 'junit.xml', 'badge.svg'];

/** A report directory holding a previous run's PASS in every verdict file. */
function previousPass(prefix: string): string {
  const dir = tempDir(prefix);
  mkdirSync(join(dir, 'html'), { recursive: true });
  writeFileSync(join(dir, 'summary.txt'), 'ledger-conformance: PASS (exit 0)\n');
  writeFileSync(join(dir, 'rules.json'), '{"outcome":"PASS","exitCode":0}');
  writeFileSync(join(dir, 'junit.xml'), '<testsuites tests="1" failures="0" errors="0"><testsuite name="run"><testcase name="ledger-conformance verdict: PASS"/></testsuite></testsuites>\n');
  writeFileSync(join(dir, 'badge.svg'), '<svg><text>80/80 rules</text></svg>');
  writeFileSync(join(dir, 'html', 'index.html'), '<div id="outcome">PASS (exit 0)</div>');
  return dir;
}

describe('exit codes: 2 for the user\'s mistakes only, 4 for the suite\'s own faults', () => {
  it('gives a usage or configuration error exit 2 and its message alone', () => {
    expect(errorExit(new ConfigError('--rate must be a positive number, got "x"'), true)).toEqual({ code: 2, message: 'ledger-conformance: --rate must be a positive number, got "x"\n' });
  });

  it('gives any other error exit 4, says it is internal, and adds the stack only with DEBUG', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'rules')");
    const quiet = errorExit(bug, false);
    expect(quiet.code).toBe(EXIT_CODES.INTERNAL);
    expect(quiet.code).not.toBe(EXIT_CODES.USAGE);
    expect(quiet.message).toMatch(/^ledger-conformance: internal error \(a fault of the suite, please report it\): Cannot read properties/);
    expect(quiet.message.trim().split('\n')).toHaveLength(1);
    expect(errorExit(bug, true).message).toMatch(/\n\s+at /);
    expect(errorExit('thrown text', false)).toMatchObject({ code: 4, message: 'ledger-conformance: internal error (a fault of the suite, please report it): thrown text\n' });
  });

  it('ends a command that breaks inside the suite with exit 4 and one line, not the usage code', () => {
    const broken = fileURLToPath(new URL('../support/broken-stdout.mjs', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', broken, join(ROOT, 'bin', 'ledger-conformance.mjs'), '--version'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, DEBUG: '' } });
    expect(result.status).toBe(EXIT_CODES.INTERNAL);
    expect(result.stderr).toBe('ledger-conformance: internal error (a fault of the suite, please report it): injected fault: stdout cannot be written\n');
  });

  it('documents every exit code in the README table, run --help and the programmatic API alike', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| exit | verdict | when |'));
    const readmeCodes = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    const codes = Object.values(EXIT_CODES).sort((a, b) => a - b);
    expect(readmeCodes).toEqual(codes);
    const help = overviewUsage(COMMANDS);
    const helpCodes = [...help.slice(help.indexOf('Verdicts and exit codes')).matchAll(/^ {2}(\d+) /gm)].map((m) => Number(m[1]));
    expect(helpCodes).toEqual(codes);
    const api = readFileSync(join(ROOT, 'src', 'api', 'runner.ts'), 'utf8');
    const doc = api.slice(0, api.indexOf('export function runConformance'));
    for (const [name, code] of Object.entries(EXIT_CODES)) {
      const said = ['PASS', 'FAIL', 'INCOMPLETE'].includes(name) ? `${code} ${name}` : name === 'INTERRUPTED' ? `with ${code}` : `exit ${code}`;
      expect(doc, name).toContain(said);
    }
  });
});

describe('the README lists every file a report directory holds', () => {
  it('names each path the report writes', () => {
    const listed = readmeReportFiles();
    const dir = '/r';
    const written = [...Object.entries(reportPaths(dir)).filter(([k]) => k !== 'dir').map(([, p]) => p), ...Object.values(driftPaths(dir)), join(dir, 'html', SELF_CHECK_PAGE)];
    for (const path of written) {
      const name = path.slice(dir.length + 1);
      expect(listed.some((l) => l === name || l.startsWith(`${name}/`)), name).toBe(true);
    }
  });
});

describe.concurrent('a refused run leaves no previous verdict behind', { timeout: 180_000 }, () => {
  it('clears the old PASS when a file given to the run is malformed', async () => {
    const dir = previousPass('refused-expectations');
    const file = join(dir, 'expectations.yaml');
    writeFileSync(file, '- rule: ST-3-no-such-rule\n  reason: r\n  expires: 2027-02-01\n');
    const result = await runCli(['run', '--only', 'status', '--status-url', 'http://127.0.0.1:1/api/v2', '--expectations', file, '--report-dir', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown rule "ST-3-no-such-rule"/);
    for (const name of [...VERDICT_FILES, 'html']) expect(existsSync(join(dir, name)), name).toBe(false);
  });

  it('clears the old PASS when a flag value is refused, and when the target cannot be reached', async () => {
    const badFlag = previousPass('refused-flag');
    const unreachable = previousPass('refused-target');
    const [flag, target] = await Promise.all([
      runCli(['run', '--only', 'status', '--rate', 'fast', '--report-dir', badFlag]),
      runCli(['run', '--only', 'status', '--status-url', 'http://127.0.0.1:1/api/v2', '--report-dir', unreachable]),
    ]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--rate must be a positive number/);
    expect(target.code).toBe(2);
    expect(target.stderr).toMatch(/cannot reach the status target/);
    for (const dir of [badFlag, unreachable]) for (const name of VERDICT_FILES) expect(existsSync(join(dir, name)), `${dir}/${name}`).toBe(false);
  });
});
