// The CLI's usage comes from the same option tables the parser uses: every flag `run` accepts is in
// `run --help`, each command answers --help with its own usage, and --version prints the package's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_OPTIONS } from '../src/config/parse-args.ts';
import { COMMANDS } from '../src/cli/commands.ts';
import { ROOT, concurrencyLimit, runCliProcess as runCliNow } from './production/cli-helpers.ts';

// Each test is one or two short CLI processes that only print: three at a time.
const cliSlot = concurrencyLimit(3);
const runCli = (args: string[]) => cliSlot(() => runCliNow(args));

describe.concurrent('ledger-conformance usage', { timeout: 180_000 }, () => {
  it('prints the version of the package', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const result = await runCli(['--version']);
    expect([result.code, result.stdout]).toEqual([0, `${version}\n`]);
  });

  it('lists every option of run in `run --help`, and nothing else of other commands', async () => {
    const result = await runCli(['run', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: ledger-conformance run \[options\]/);
    for (const flag of Object.keys(RUN_OPTIONS)) expect(result.stdout).toContain(`--${flag}`);
    expect(result.stdout).toContain('Verdicts and exit codes');
    expect(result.stdout).not.toContain('--into');
  });

  it.each(Object.keys(COMMANDS).filter((name) => name !== 'run'))('answers `%s --help` with its own usage and options', async (name) => {
    const result = await runCli([name, '-h']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: ledger-conformance ${name} `));
    for (const flag of Object.keys(COMMANDS[name]!.options)) expect(result.stdout).toContain(`--${flag}`);
    expect(result.stdout).not.toContain('--base-url');
  });

  it('names the command whose help to read when an option or an argument is not its own', async () => {
    const [unknown, operand] = await Promise.all([runCli(['profiles', '--into', 'x']), runCli(['run', 'status'])]);
    expect([unknown.code, unknown.stderr]).toEqual([2, 'ledger-conformance: unknown option "--into" (see ledger-conformance profiles --help)\n']);
    expect([operand.code, operand.stderr]).toEqual([2, 'ledger-conformance: unexpected argument "status" (see ledger-conformance run --help)\n']);
  });
});
